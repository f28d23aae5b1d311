import type { ServerModule } from '../../platform/module';
import { accountRoutes } from './account.routes';
import { devMailRoutes } from './dev-mail.routes';
import { retryAfterHeader } from './http';
import { createMailer } from './mail';
import { identityMigrations } from './migrations';
import { parentalRoutes } from './parental.routes';
import { recoveryRoutes } from './recovery.routes';
import { seedIdentity } from './seed';
import { sessionRoutes } from './session.routes';

export { authenticate, authOf, type AuthContext } from './auth';
export { ParentalService } from './parental.service';
export { createMailer, escapeHtml, type Mailer, type MailMessage } from './mail';
export { DEMO_ACCOUNTS, type DemoAccount } from './seed';

/** Accounts, sign-in, tokens, profiles, parental PIN, password recovery and mail. */
export const identityModule: ServerModule = {
  name: 'identity',
  migrations: identityMigrations,
  seed: seedIdentity,
  async routes(app, deps) {
    const mailer = createMailer(deps, (error) => app.log.error({ err: error }, 'mail delivery failed'));
    // Own scope, so the Retry-After hook and the logout parser touch only these routes.
    await app.register(async (scope) => {
      scope.addHook('onError', retryAfterHeader);
      await sessionRoutes(scope, deps);
      await accountRoutes(scope, deps);
      await recoveryRoutes(scope, deps, mailer);
      await parentalRoutes(scope, deps);
    });
  },
  async rootRoutes(app, deps) {
    if (deps.config.env === 'production') return;
    await devMailRoutes(app, deps);
  },
};
