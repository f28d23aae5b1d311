// lint-as: apps/server/test/fixture.api.test.ts
// expect: pantalla/public-surface
export type { PurchaseRow } from '../src/modules/identity/../commerce/tables';
