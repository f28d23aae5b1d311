// lint-as: apps/web/src/ui/fixture.tsx
// expect: pantalla-web/feature-boundaries
import { routes } from '../app/router';

export const all = routes;
