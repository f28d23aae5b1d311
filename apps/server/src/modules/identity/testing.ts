/**
 * What benches (and tests) may use of this module beyond its index.ts: the pieces they
 * build fixtures and measure with. Running code never imports this file.
 */
export { AuditRepository, type AuditFilter } from './audit.repository';
export { ACCOUNT_PASSWORD_WRONG } from './credential-checks';
export { OUTBOX_REFUSED } from './dev-mail.routes';
export { EMAIL_CHANGE_TTL_MS } from './email-change.service';
export { IdentityRepository } from './identity.repository';
export { identityMigrations } from './migrations';
export { OperatorsRepository } from './operators.repository';
export { ROLE_MESSAGES } from './operators.service';
export { isCommonPassword } from './password';
export { refreshCookieName } from './session.routes';
export { REFRESH_GRACE_MS } from './session.service';
export { foldSearchKey, searchKeysOf } from './subscriber-keys';
export { SubscriberSearchRepository } from './subscriber-search.repository';
export { SubscriberSearchService } from './subscriber-search.service';
export type { IdentityTables } from './tables';
export { identityBuilders } from './test-data.repository';
export {
  BASICO,
  bearer,
  DEMO,
  formToken,
  login,
  refresh,
  refreshCookieOf,
  register,
  registrationForm,
  signIn,
} from './test-support';
export { signIdToken } from './tokens';
