// lint-as: apps/web/src/features/commerce/components/fixture.tsx
// expect: pantalla-web/feature-boundaries
export { useSession } from '../../account/stores/session';
