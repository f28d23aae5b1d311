import type { ServerModule } from '../../platform/module';
import { commerceMigrations } from './migrations';
import { commerceRoutes } from './commerce.routes';
import { seedCommerce } from './seed';

export { CommerceService, type AccessResolver, type PpvOffer } from './commerce.service';
export { PACKAGE_IDS } from './packages';

/** Packages, PPV and subscription products, entitlements (payments come later). */
export const commerceModule: ServerModule = {
  name: 'commerce',
  migrations: commerceMigrations,
  routes: commerceRoutes,
  seed: seedCommerce,
};
