// lint-as: apps/server/test/security/fixture.test.ts
// expect: nothing
import type { TestContext } from '../context';
import { PACKAGE_IDS } from '../../src/modules/commerce';
import { commerceBuilders } from '../../src/modules/commerce/testing';
import { openSqlite } from '../../src/platform/database';

export const parts: [TestContext | null, typeof PACKAGE_IDS, typeof commerceBuilders, typeof openSqlite] = [
  null,
  PACKAGE_IDS,
  commerceBuilders,
  openSqlite,
];
export const loadTokens = () => import('../../src/modules/identity/testing');
