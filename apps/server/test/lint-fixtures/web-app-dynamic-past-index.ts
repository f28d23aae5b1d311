// lint-as: apps/web/src/app/fixture.tsx
// expect: pantalla-web/feature-boundaries
export const loadGuide = () => import('../features/guide/routes/guide');
