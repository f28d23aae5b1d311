// lint-as: apps/web/src/features/settings/components/fixture.tsx
// expect: pantalla-web/feature-boundaries
import { routes } from '../../../app/router';

export const all = routes;
