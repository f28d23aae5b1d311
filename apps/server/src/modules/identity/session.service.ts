import type { UserInfo } from '@pantalla/contracts';
import type { SessionFailure } from '@pantalla/contracts';
import { badRequest, unauthorized } from '../../platform/errors';
import type { Platform } from '../../platform/module';
import { describeWait, rateLimited, type AttemptLimiter, type Limit } from './attempt-limit';
import { SESSION_EXPIRED } from './auth.http';
import type { CredentialChecks } from './credential-checks';
import type { IdentityRepository } from './identity.repository';
import { hashSecret, verifySecret } from './password';
import { hashOpaqueToken, newFamilyId, newOpaqueToken } from './secrets';
import type { SessionRepository } from './session.repository';
import type { SignOutHub } from './sign-outs';
import type { RefreshTokenRow, RefreshTokenTable, UserRow } from './tables';
import { signIdToken } from './tokens';
import { buildUserInfo } from './user-info';

/** idToken lifetime: 2 h, so the app's refresh-within-1-h rule refreshes about hourly. */
export const ID_TOKEN_TTL_SECONDS = 2 * 60 * 60;
/** Remember-me: the refresh token and its cookie last 60 days from the last use. */
export const PERSISTENT_REFRESH_TTL_MS = 60 * 24 * 60 * 60 * 1000;
/** Without remember-me the cookie dies with the browser; the server still ends it after 12 h idle. */
export const SESSION_REFRESH_TTL_MS = 12 * 60 * 60 * 1000;

const FIFTEEN_MINUTES = 15 * 60 * 1000;
export const LOGIN_ACCOUNT_LIMIT: Limit = { max: 5, windowMs: FIFTEEN_MINUTES };
export const LOGIN_ADDRESS_LIMIT: Limit = { max: 30, windowMs: FIFTEEN_MINUTES };

export const INVALID_CREDENTIALS = 'El correo electrónico o la contraseña no son correctos.';
export const SAME_PASSWORD = 'La nueva contraseña debe ser distinta de la actual.';

/**
 * Failures count per account and address together: a guesser is held back, while the owner,
 * from another address, still signs in (docs/decisions.md, "Security (issue 11)").
 */
export const loginAccountPrefix = (email: string) => `login-account:${email.trim().toLowerCase()}|`;
export const loginAccountKey = (email: string, address: string) => `${loginAccountPrefix(email)}${address}`;

/**
 * Two tabs refreshing at once present the same cookie: the loser of that race, within this
 * window of the winner's rotation, gets its own token of the family instead of ending it.
 * Past it, a rotated token coming back is a replay and revokes the family.
 */
export const REFRESH_GRACE_MS = 10_000;
export const loginAddressKey = (address: string) => `login-address:${address}`;

/** A signed-in session: what the body shows, and the refresh token only the cookie carries. */
export interface IssuedSession {
  userInfo: UserInfo;
  refreshToken: string;
  persistent: boolean;
}

const expired = (reason: SessionFailure) => unauthorized(SESSION_EXPIRED, { reason });

/** Sign-in, refresh-token rotation with reuse detection, and sign-out. */
export class SessionService {
  /** Verified against when the account does not exist, so both cases cost the same. */
  private readonly dummyHash: Promise<string>;

  constructor(
    private readonly deps: Pick<Platform, 'config' | 'clock'>,
    private readonly users: IdentityRepository,
    private readonly sessions: SessionRepository,
    private readonly limiter: AttemptLimiter,
    private readonly checks: CredentialChecks,
    private readonly signOuts?: SignOutHub,
  ) {
    this.dummyHash = hashSecret(newOpaqueToken());
  }

  async loginWithPassword(
    input: { username: string; password: string; rememberMe: boolean },
    address: string,
    previousRefreshToken?: string,
  ): Promise<IssuedSession> {
    const accountKey = loginAccountKey(input.username, address);
    const addressKey = loginAddressKey(address);
    const attempt = await this.limiter.begin([
      { key: accountKey, limit: LOGIN_ACCOUNT_LIMIT },
      { key: addressKey, limit: LOGIN_ADDRESS_LIMIT },
    ]);
    if (attempt.wait > 0) {
      // Refused attempts do not count, so the lock ends on time however often one knocks.
      await attempt.forget();
      throw rateLimited(`Demasiados intentos fallidos de inicio de sesión. Vuelve a intentarlo dentro de ${describeWait(attempt.wait)}.`, attempt.wait);
    }
    const user = await this.users.findUserByEmail(input.username);
    const matches = await verifySecret(input.password, user?.passwordHash ?? (await this.dummyHash));
    // A failure stays counted, for unknown accounts too, or the limit would tell which exist.
    if (!user || !matches) throw badRequest(INVALID_CREDENTIALS);
    await attempt.forget();
    await this.limiter.clear(accountKey);
    // A new sign-in in this browser replaces the session it had.
    if (previousRefreshToken) await this.logout(previousRefreshToken);
    const now = this.deps.clock.now();
    await this.sessions.deleteDeadForUser(user.id, now);
    const { token, row } = this.newRefreshToken(user.id, newFamilyId(), input.rememberMe);
    await this.sessions.insert(row);
    return this.issue(user, token, row);
  }

  /** Trades a live refresh token for a new one in the same family; reuse ends the family. */
  async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
    if (!refreshToken) throw expired('missing');
    const now = this.deps.clock.now();
    const hash = hashOpaqueToken(refreshToken);
    const current = await this.sessions.findByHash(hash);
    if (!current) throw expired('unknown');
    if (current.revokedAt !== null) throw await this.reused(current.familyId, now);
    if (current.rotatedAt !== null) return this.withinGrace(current, now);
    if (current.expiresAt <= now) throw expired('expired');
    const user = await this.users.findUserById(current.userId);
    if (!user) throw expired('unknown');
    const { token, row } = this.newRefreshToken(user.id, current.familyId, current.persistent === 1);
    if (await this.sessions.rotate(current.tokenHash, row, now)) return this.issue(user, token, row);
    // Another request traded it in first: two tabs at once, or a replay; the grace decides.
    const after = await this.sessions.findByHash(hash);
    if (!after || after.revokedAt !== null || after.rotatedAt === null) throw await this.reused(current.familyId, now);
    return this.withinGrace(after, now);
  }

  /** A token already traded in: a sibling token when the trade was moments ago, else a replay. */
  private async withinGrace(current: RefreshTokenRow, now: number): Promise<IssuedSession> {
    if (current.rotatedAt === null || now - current.rotatedAt > REFRESH_GRACE_MS || current.expiresAt <= now) throw await this.reused(current.familyId, now);
    const user = await this.users.findUserById(current.userId);
    if (!user) throw expired('unknown');
    const { token, row } = this.newRefreshToken(user.id, current.familyId, current.persistent === 1);
    await this.sessions.insert(row);
    return this.issue(user, token, row);
  }

  /** A replayed token: someone else may hold the family, so all of it ends. */
  private async reused(familyId: string, now: number): Promise<Error> {
    await this.sessions.revokeFamily(familyId, now);
    return expired('reused');
  }

  /** Ends the token's family; unknown tokens are ignored so sign-out always succeeds. */
  async logout(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    const current = await this.sessions.findByHash(hashOpaqueToken(refreshToken));
    if (current) await this.sessions.revokeFamily(current.familyId, this.deps.clock.now());
  }

  /**
   * Changes the password of a signed-in user (the current one required): every other device
   * is signed out (idTokens by the version bump, refresh families revoked), this one keeps
   * its family and gets a new idToken.
   */
  async changePassword(userId: number, input: { currentPassword: string; newPassword: string }, refreshToken: string | undefined): Promise<IssuedSession> {
    const user = await this.users.findUserById(userId);
    if (!user) throw expired('unknown-user');
    await this.checks.password(user, input.currentPassword);
    if (input.currentPassword === input.newPassword) throw badRequest(SAME_PASSWORD);
    const now = this.deps.clock.now();
    const current = refreshToken ? await this.sessions.findByHash(hashOpaqueToken(refreshToken)) : undefined;
    const live = current && current.userId === userId && current.rotatedAt === null && current.revokedAt === null && current.expiresAt > now;
    await this.sessions.changePassword(userId, await hashSecret(input.newPassword), live ? current.familyId : null, now);
    // Every other device is signed out: their streams end too (playback closes them).
    await this.signOuts?.signedOutEverywhere(userId);
    if (live && refreshToken) return this.refresh(refreshToken);
    // No live cookie came with the request: this device starts a new family.
    const changed = await this.users.findUserById(userId);
    if (!changed) throw expired('unknown-user');
    const { token, row } = this.newRefreshToken(userId, newFamilyId(), current?.persistent === 1);
    await this.sessions.insert(row);
    return this.issue(changed, token, row);
  }

  private newRefreshToken(userId: number, familyId: string, persistent: boolean): { token: string; row: RefreshTokenTable } {
    const now = this.deps.clock.now();
    const token = newOpaqueToken();
    const ttl = persistent ? PERSISTENT_REFRESH_TTL_MS : SESSION_REFRESH_TTL_MS;
    return {
      token,
      row: {
        tokenHash: hashOpaqueToken(token),
        familyId,
        userId,
        persistent: persistent ? 1 : 0,
        expiresAt: now + ttl,
        createdAt: now,
        rotatedAt: null,
        revokedAt: null,
      },
    };
  }

  private async issue(user: UserRow, refreshToken: string, row: RefreshTokenTable): Promise<IssuedSession> {
    const nowSeconds = Math.floor(this.deps.clock.now() / 1000);
    const idTokenExpiration = nowSeconds + ID_TOKEN_TTL_SECONDS;
    const idToken = signIdToken(this.deps.config.authSecret, {
      sub: user.id,
      email: user.email,
      ver: user.tokenVersion,
      iat: nowSeconds,
      exp: idTokenExpiration,
      sid: row.familyId,
    });
    const profiles = await this.users.listProfilesCreatingDefault(user.id, DEFAULT_PROFILE(this.deps.clock.now()));
    const persistent = row.persistent === 1;
    return {
      refreshToken,
      persistent,
      userInfo: buildUserInfo({
        config: this.deps.config,
        user,
        profiles,
        idToken,
        idTokenExpiration,
        refreshTokenExpiration: Math.floor(row.expiresAt / 1000),
        rememberMe: persistent,
      }),
    };
  }
}

/** The profile every account gets when it has none (spec: adult, named Default). */
export const DEFAULT_PROFILE = (now: number) => ({ name: 'Default', isAdult: 1, createdAt: now });
