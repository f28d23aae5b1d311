import type { Generated, Insertable, Selectable } from 'kysely';
import type { AuditLogTable } from '../../platform/audit.repository';

/** Flags are integers 0/1 on both databases. */
export type Flag = number;

export interface UserTable {
  id: Generated<number>;
  /** Lower case; unique. */
  email: string;
  passwordHash: string;
  name: string;
  surname: string;
  regionId: number;
  /** JSON array of channel ids, the user's preferred order. */
  channelOrder: string;
  /** scrypt hash of the parental PIN, null when none is set. */
  pinHash: string | null;
  /** Bumped to sign the user out everywhere: idTokens carry it. */
  tokenVersion: number;
  createdAt: number;
  /** When the address was confirmed (registration mail's link or a password reset); null until then. */
  emailConfirmedAt: Generated<number | null>;
  /** The registration form's answers: ISO 3166-1 alpha-2 country, favourite sport key, birthday 'YYYY-MM-DD'. */
  country: Generated<string | null>;
  favouriteSport: Generated<string | null>;
  birthday: Generated<string | null>;
  /** The app's language (es, en, de) when last known; null until then: mails are Spanish then. */
  language: Generated<string | null>;
  /** When an operator locked the account (issue 27): no sign-in, no token counts; null when open. */
  lockedAt: Generated<number | null>;
}
export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;

export interface ProfileTable {
  id: Generated<number>;
  userId: number;
  name: string;
  isAdult: Flag;
  createdAt: number;
  /** One of the contracts' PROFILE_AVATARS (issue 30). */
  avatar: Generated<string>;
  /** es, en or de; null follows the account's. */
  language: string | null;
}
export type ProfileRow = Selectable<ProfileTable>;

/** The profile a sign-in last chose (issue 30): what its requests act as when they send no profile token. */
export interface SignInProfileTable {
  /** The sign-in: its refresh-token family. */
  familyId: string;
  userId: number;
  profileId: number;
  updatedAt: number;
}

export interface RefreshTokenTable {
  /** sha256 of the token, hex. */
  tokenHash: string;
  familyId: string;
  userId: number;
  /** 1 with remember-me: the cookie persists 60 days. */
  persistent: Flag;
  expiresAt: number;
  createdAt: number;
  rotatedAt: number | null;
  revokedAt: number | null;
}
export type RefreshTokenRow = Selectable<RefreshTokenTable>;

export interface PasswordResetTable {
  tokenHash: string;
  userId: number;
  expiresAt: number;
  usedAt: number | null;
  createdAt: number;
}
export type PasswordResetRow = Selectable<PasswordResetTable>;

/**
 * Failed or counted attempts, one row each, for limits shared by every process:
 * keys are 'login-account:<email>', 'login-address:<ip>', 'recovery-address:<ip>',
 * 'recovery-account:<email>' and 'pin:<userId>'.
 */
export interface LoginAttemptTable {
  id: Generated<number>;
  key: string;
  at: number;
}

/** A short-lived proof that the user typed the parental PIN; the licence server checks it. */
export interface ParentalGrantTable {
  id: Generated<number>;
  userId: number;
  expiresAt: number;
  createdAt: number;
}

/** A registration mail's confirmation link: single use, expiring; only its hash is kept. */
export interface EmailConfirmationTable {
  tokenHash: string;
  userId: number;
  expiresAt: number;
  usedAt: number | null;
  createdAt: number;
}
export type EmailConfirmationRow = Selectable<EmailConfirmationTable>;

/** A mailed sign-in link (an account or address under attack): single use, short-lived; only its hash is kept. */
export interface SignInLinkTable {
  tokenHash: string;
  userId: number;
  /** The remember-me of the sign-in it completes. */
  persistent: Flag;
  expiresAt: number;
  usedAt: number | null;
  createdAt: number;
}

/** A requested e-mail change (issue 26): the link to the new address, single use, expiring; only its hash is kept. */
export interface EmailChangeTable {
  tokenHash: string;
  userId: number;
  /** Lower case; becomes users.email when the link is followed. */
  newEmail: string;
  /** The account's token version when asked: a password change or reset since then voids the link. */
  tokenVersion: number;
  expiresAt: number;
  usedAt: number | null;
  createdAt: number;
}

export interface OutboxTable {
  id: Generated<number>;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: number;
}
export type OutboxRow = Selectable<OutboxTable>;

export interface IdentityTables {
  users: UserTable;
  profiles: ProfileTable;
  refreshTokens: RefreshTokenTable;
  passwordResets: PasswordResetTable;
  loginAttempts: LoginAttemptTable;
  outbox: OutboxTable;
  parentalGrants: ParentalGrantTable;
  emailConfirmations: EmailConfirmationTable;
  signInLinks: SignInLinkTable;
  emailChanges: EmailChangeTable;
  operatorRoles: OperatorRoleTable;
  operatorReauth: OperatorReauthTable;
  auditLog: AuditLogTable;
  accountSearchKeys: AccountSearchKeyTable;
  signInProfiles: SignInProfileTable;
}

/** An operator role of an account (admin, support, content); ADMIN_EMAILS accounts are admins besides. */
export interface OperatorRoleTable {
  userId: number;
  role: string;
  grantedBy: number | null;
  grantedAt: number;
}

/** Until when an operator's sign-in counts as re-authenticated; key: '<userId>:<sign-in family or "">'. */
export interface OperatorReauthTable {
  key: string;
  userId: number;
  until: number;
}

/** A search key of an account (subscriber-keys.ts): the console finds accounts by a prefix of one. */
export interface AccountSearchKeyTable {
  key: string;
  userId: number;
}
