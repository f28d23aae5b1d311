// lint-as: apps/server/test/security/fixture.test.ts
// expect: pantalla/public-surface
export const loadTokens = () => import('../../src/modules/identity/tokens');
