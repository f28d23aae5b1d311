// lint-as: apps/web/src/features/guide/components/fixture.tsx
// expect: pantalla-web/feature-boundaries
export const loadPlayer = () => import('../../player/route');
