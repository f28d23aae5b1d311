import type { Platform, ServerModule } from '../../platform/module';
import { AccountDataRepository } from './account-data.repository';
import { AccountLocks } from './account-lock';
import { AccountLockRepository } from './account-lock.repository';
import { accountDataRoutes } from './account-data.routes';
import { AccountDataService } from './account-data.service';
import { AccountService, type Accounts } from './account.service';
import { accountLanguageRoutes, appLanguageOf } from './account-language.routes';
import { accountRoutes } from './account.routes';
import { AttemptLimiter } from './attempt-limit';
import { AttemptsRepository } from './attempts.repository';
import { AuditRepository } from './audit.repository';
import { auditRoutes } from './audit.routes';
import { AuditService } from './audit.service';
import { CredentialChecks } from './credential-checks';
import { KidsPurchaseGuard, type PurchaseGuard } from './kids-purchase';
import { createAuthenticator, type Authenticator } from './auth.http';
import { DevMailService } from './dev-mail';
import { EmailChangeRepository } from './email-change.repository';
import { emailChangeRoutes } from './email-change.routes';
import { EmailChangeService } from './email-change.service';
import { devMailRoutes } from './dev-mail.routes';
import { IdentityRepository } from './identity.repository';
import { createMailer, type Mailer } from './mail';
import { identityMigrations } from './migrations';
import { OperatorsRepository } from './operators.repository';
import { operatorRoutes } from './operators.routes';
import { OperatorDirectory } from './operators.service';
import { OutboxRepository } from './outbox.repository';
import { ParentalRepository } from './parental.repository';
import { parentalRoutes } from './parental.routes';
import { ParentalService, type ParentalGrants } from './parental.service';
import { PersonalDataRegistry, type PersonalData } from './personal-data';
import { PinSettingsService } from './pin-settings.service';
import { profileTokenKey } from './profile-token';
import { ProfilesRepository } from './profiles.repository';
import { profileRoutes } from './profiles.routes';
import { ProfilesService, type ProfileResolver } from './profiles.service';
import { RecoveryRepository } from './recovery.repository';
import { recoveryRoutes } from './recovery.routes';
import { RecoveryService } from './recovery.service';
import { RegistrationRepository } from './registration.repository';
import { registrationRoutes } from './registration.routes';
import { RegistrationService, type Signups } from './registration.service';
import { SessionRepository } from './session.repository';
import { refreshCookieName, sessionRoutes } from './session.routes';
import { SessionService } from './session.service';
import { SignInLinkRepository } from './sign-in-link.repository';
import { SignOutHub, type SignOuts } from './sign-outs';
import { SubscriberSearchRepository } from './subscriber-search.repository';
import { SubscriberSearchService, type SubscriberDirectory } from './subscriber-search.service';

export type { AuthContext, Authenticator, OperatorContext } from './auth.http';
export { SESSION_EXPIRED, OPERATORS_ONLY, ROLE_REFUSED, REAUTH_REQUIRED, ACCOUNT_LOCKED } from './auth.http';
export { OperatorDirectory } from './operators.service';
export type { AccountLocks } from './account-lock';
export type { AccountSummary, Accounts, NewAccount } from './account.service';
export type { ParentalGrants } from './parental.service';
export type { ProfileContext, ProfileDeletedListener, ProfileResolver } from './profiles.service';
export { profileHeaderOf } from './profiles.routes';
export type { PurchaseGuard } from './kids-purchase';
export type { AccountCreatedListener, CreatedAccount, Signups } from './registration.service';
export type { SignedOutListener, SignOuts } from './sign-outs';
export type { SubscriberDirectory, SubscriberRecord } from './subscriber-search.service';
export type { PersonalData, PersonalDataHolder } from './personal-data';
export type { Mailer, MailMessage } from './mail';
export { escapeHtml, inertText } from './mail';

/** Identity as the other modules see it. */
export interface Identity {
  module: ServerModule;
  /** Every module's routes require a signed-in user through it. */
  auth: Authenticator;
  accounts: Accounts;
  parental: ParentalGrants;
  /** The profile a request names (header or profileId), checked against the account; 403 when not its own. */
  profiles: ProfileResolver;
  /** SMTP when configured, else the development outbox. */
  mailer: Mailer;
  /** Account creation's hook: the composition root grants the sign-up packages through it. */
  signups: Signups;
  /** Signed out everywhere (password changed or reset): the composition root closes the account's streams through it. */
  signOuts: SignOuts;
  /** The user's data in each module: the composition root registers every module's part for the export and the deletion. */
  personalData: PersonalData;
  /** Operator roles and re-authentication (the console). */
  operators: OperatorDirectory;
  /** The console's subscriber search and the account's side of the subscriber page. */
  subscribers: SubscriberDirectory;
  /** The console's account actions: lock, unlock, a password-reset mail (each audited). */
  accountLocks: AccountLocks;
  /** Issue 30: a kids profile buys only with the account password; commerce asks it before a purchase. */
  purchaseGuard: PurchaseGuard;
}

/** Accounts, sign-in, tokens, profiles, parental PIN, password recovery and mail. Needs nothing of other modules. */
export function createIdentity(platform: Platform): Identity {
  const { config, db, clock, log } = platform;
  const users = new IdentityRepository(db);
  const outbox = new OutboxRepository(db);
  const limiter = new AttemptLimiter(new AttemptsRepository(db), clock);
  const mailer = createMailer(config, outbox, clock, (error) => log.error({ err: error }, 'mail delivery failed'));
  const refreshTokens = new SessionRepository(db);
  const checks = new CredentialChecks(limiter);
  const operators = new OperatorDirectory(platform, users, new OperatorsRepository(db), checks);
  const auth = createAuthenticator(users, refreshTokens, config.authSecret, clock, operators);
  const accounts = new AccountService(platform, users);
  const signOuts = new SignOutHub((error) =>
    log.error({ err: error }, 'closing the streams of a signed-out account failed'),
  );
  const sessions = new SessionService(
    platform,
    users,
    refreshTokens,
    limiter,
    checks,
    { repository: new SignInLinkRepository(db), mailer },
    signOuts,
  );
  const recovery = new RecoveryService(platform, users, new RecoveryRepository(db), limiter, mailer, signOuts);
  const grants = new ParentalRepository(db);
  const parental = new ParentalService(platform, users, grants, limiter);
  const pinSettings = new PinSettingsService(users, grants, checks);
  const profiles = new ProfilesService(platform, users, new ProfilesRepository(db), parental, {
    key: profileTokenKey(config.authSecret),
    familyLive: (signIn) => refreshTokens.familyLive(signIn),
  });
  const registration = new RegistrationService(platform, new RegistrationRepository(db), users, limiter, mailer);
  const personalData = new PersonalDataRegistry();
  const accountData = new AccountDataService(
    platform,
    users,
    new AccountDataRepository(db),
    checks,
    personalData,
    signOuts,
  );
  const emailChanges = new EmailChangeService(platform, users, new EmailChangeRepository(db), checks, limiter, mailer);
  personalData.register('emailChanges', emailChanges.personalData());
  const accountLocks = new AccountLocks(platform, users, new AccountLockRepository(db), mailer, signOuts);

  const subscribers = new SubscriberSearchService(new SubscriberSearchRepository(db), clock);

  const module: ServerModule = {
    name: 'identity',
    migrations: identityMigrations,
    seedReference: () => operators.seedAdmins(),
    async routes(app) {
      // Own scope, so the logout parser touches only these routes.
      await app.register(async (scope) => {
        // The app's language, known at each sign-in and refresh, becomes the account's (mails follow it).
        await sessionRoutes(scope, sessions, auth, refreshCookieName(config.publicUrl), async (userId, header) => {
          const language = appLanguageOf(header);
          if (language) await accounts.setLanguage(userId, language);
        });
        await accountRoutes(scope, accounts, auth);
        await profileRoutes(scope, profiles, auth);
        await accountLanguageRoutes(scope, accounts, auth);
        await accountDataRoutes(scope, accountData, auth);
        await emailChangeRoutes(scope, emailChanges, auth);
        await recoveryRoutes(scope, recovery);
        await parentalRoutes(scope, parental, pinSettings, auth);
        await registrationRoutes(scope, registration, auth, { clock, operator: config.operator });
        await operatorRoutes(scope, operators, auth);
        await auditRoutes(scope, new AuditService(new AuditRepository(db)), auth);
      });
    },
    async rootRoutes(app) {
      // The development mailbox is never served in production.
      if (config.env === 'production') return;
      await devMailRoutes(app, new DevMailService(outbox), auth);
    },
  };
  return {
    module,
    auth,
    accounts,
    parental,
    profiles,
    mailer,
    signups: registration,
    signOuts,
    personalData,
    operators,
    accountLocks,
    subscribers,
    purchaseGuard: new KidsPurchaseGuard(profiles, users, checks),
  };
}
