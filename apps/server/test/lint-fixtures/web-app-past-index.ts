// lint-as: apps/web/src/app/layouts/fixture.tsx
// expect: pantalla-web/feature-boundaries
import { PastDueSlot } from '../../features/billing/components/past-due-slot';

export const banner = PastDueSlot;
