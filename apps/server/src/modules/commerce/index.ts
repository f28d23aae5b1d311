import type { Platform, ServerModule } from '../../platform/module';
import type { Authenticator } from '../identity';
import { CommerceRepository } from './commerce.repository';
import { commerceRoutes } from './commerce.routes';
import { CommerceService, type AccessRights, type Entitlements, type PpvOffers } from './commerce.service';
import { commerceMigrations } from './migrations';
import { seedPackages } from './reference-seed';

export type { AccessResolver, AccessRights, Entitlements, PpvOffer, PpvOffers } from './commerce.service';
export { PACKAGE_IDS } from './packages';

/** What commerce needs of other modules. */
export interface CommerceNeeds {
  auth: Authenticator;
}

/** Commerce as the other modules see it. */
export interface Commerce {
  module: ServerModule;
  access: AccessRights;
  offers: PpvOffers;
  entitlements: Entitlements;
}

/** Packages, PPV and subscription products, entitlements (payments come later). */
export function createCommerce(platform: Platform, needs: CommerceNeeds): Commerce {
  const repo = new CommerceRepository(platform.db);
  const service = new CommerceService(platform.clock, repo, platform.caches);
  const module: ServerModule = {
    name: 'commerce',
    migrations: commerceMigrations,
    seedReference: () => seedPackages(repo, platform.clock),
    routes: (app) => commerceRoutes(app, service, needs.auth),
  };
  return { module, access: service, offers: service, entitlements: service };
}
