// lint-as: apps/web/src/config/fixture.ts
// expect: pantalla-web/feature-boundaries
import { useSession } from '../features/account';

export const session = useSession;
