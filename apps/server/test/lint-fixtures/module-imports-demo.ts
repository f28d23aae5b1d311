// lint-as: apps/server/src/modules/commerce/fixture.service.ts
// expect: pantalla/demo-isolation
import { DEMO_ACCOUNTS } from '../../demo/accounts';

export const owners = DEMO_ACCOUNTS.filter((a) => a.owns === 'all');
