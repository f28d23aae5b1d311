import { createHmac } from 'node:crypto';
import type { UserInfo } from '@pantalla/contracts';
import type { SessionFailure } from '@pantalla/contracts';
import { SIGN_IN_LINK_INVALID } from '@pantalla/contracts';
import { badRequest, unauthorized } from '../../platform/errors';
import type { Platform } from '../../platform/module';
import { passwordChangedMail } from './account-mail';
import { describeWait, rateLimited, type AttemptLimiter, type Backoff, type Limit } from './attempt-limit';
import { ACCOUNT_LOCKED, SESSION_EXPIRED } from './auth.http';
import type { CredentialChecks } from './credential-checks';
import type { IdentityRepository } from './identity.repository';
import { KnownDevices } from './known-device';
import type { Mailer } from './mail';
import { hashChosenPassword, hashSecret, verifySecret } from './password';
import { hashOpaqueToken, newFamilyId, newOpaqueToken } from './secrets';
import type { SessionRepository } from './session.repository';
import { SIGN_IN_LINK_TTL_MS, signInLinkMail, signInLinkPath } from './sign-in-link';
import type { SignInLinkRepository } from './sign-in-link.repository';
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
/**
 * Wrong passwords per account from unknown devices, across every address: five in a day
 * put the account under attack (sign-in links instead of tokens), and each one past five
 * doubles the wait before the next attempt, 1 s up to 15 minutes.
 */
export const LOGIN_ACCOUNT_BACKOFF: Backoff = {
  free: 5,
  baseMs: 1000,
  capMs: FIFTEEN_MINUTES,
  windowMs: 24 * 60 * 60 * 1000,
};
/** Wrong passwords from one address across accounts: past 30 in 15 minutes the address is under attack. */
export const LOGIN_ADDRESS_ATTACK = 30;
/**
 * Past 300 the address is a flood: browsers the accounts do not know are refused (429) before
 * any password is hashed, so one address cannot buy unbounded scrypt work; remembered devices
 * still sign in.
 */
export const LOGIN_ADDRESS_LIMIT: Limit = { max: 300, windowMs: FIFTEEN_MINUTES };
/** Wrong passwords on one remembered device: past five it counts as unknown until they age out. */
export const LOGIN_DEVICE_LIMIT: Limit = { max: 5, windowMs: FIFTEEN_MINUTES };
/** Sign-in link mails per account, beyond which the step is answered but nothing is sent. */
export const SIGN_IN_LINK_LIMIT: Limit = { max: 3, windowMs: FIFTEEN_MINUTES };

export const INVALID_CREDENTIALS = 'El correo electrónico o la contraseña no son correctos.';
export const SAME_PASSWORD = 'La nueva contraseña debe ser distinta de la actual.';

/** Every login counter of an account starts so; a password reset clears them all. */
export const loginAccountPrefix = (email: string) => `login-account:${email.trim().toLowerCase()}|`;
/** The account's failures from unknown devices, whatever the address (docs/decisions.md, "Login limits"). */
export const loginAccountKey = (email: string) => `${loginAccountPrefix(email)}*`;
export const loginDeviceKey = (deviceId: string) => `login-device:${deviceId}`;
export const signInLinkKey = (userId: number) => `signin-link:${userId}`;

/**
 * Two tabs refreshing at once present the same cookie: the loser of that race, within this
 * window of the winner's rotation, gets the very token the winner got (never a new one).
 * Past it, a rotated token coming back is a replay and revokes the family.
 */
export const REFRESH_GRACE_MS = 10_000;
export const loginAddressKey = (address: string) => `login-address:${address}`;

/** A signed-in session: what the body shows, and the refresh token only the cookie carries. */
export interface IssuedSession {
  userInfo: UserInfo;
  refreshToken: string;
  persistent: boolean;
  /** Set on a sign-in (not a refresh): the remembered-device cookie for this account. */
  knownDevice?: { name: string; value: string };
}

/** A password sign-in's outcome: a session, or the mailed-link step (no tokens). */
export type PasswordSignIn = { kind: 'session'; session: IssuedSession } | { kind: 'link-sent' };

/** What the sign-in reads of the request's cookies. */
export interface SignInCookies {
  refreshToken?: string;
  byName(name: string): string | undefined;
}

const expired = (reason: SessionFailure) => unauthorized(SESSION_EXPIRED, { reason });
/** An account an operator locked gets no tokens (issue 27); checked after the password, so a guesser learns nothing. */
function notLocked(user: UserRow): void {
  if (user.lockedAt !== null) throw unauthorized(ACCOUNT_LOCKED, { reason: 'locked' });
}

/** Sign-in, refresh-token rotation with reuse detection, and sign-out. */
export class SessionService {
  /** Verified against when the account does not exist, so both cases cost the same. */
  private readonly dummyHash: Promise<string>;
  readonly devices: KnownDevices;
  /** Derives a refresh token's successor, so a race's loser can be given the same one. */
  private readonly successorKey: Buffer;

  constructor(
    private readonly deps: Pick<Platform, 'config' | 'clock'>,
    private readonly users: IdentityRepository,
    private readonly sessions: SessionRepository,
    private readonly limiter: AttemptLimiter,
    private readonly checks: CredentialChecks,
    private readonly links: { repository: SignInLinkRepository; mailer: Mailer },
    private readonly signOuts?: SignOutHub,
  ) {
    this.dummyHash = hashSecret(newOpaqueToken());
    this.devices = new KnownDevices(deps.config.authSecret, deps.config.publicUrl);
    this.successorKey = createHmac('sha256', deps.config.authSecret).update('pantalla-refresh-successor-v1').digest();
  }

  /**
   * Password sign-in. A remembered device of the account answers only to its own count, so
   * neither a guesser elsewhere nor a busy shared address keeps the owner out. Any other
   * device meets the account's backoff across addresses; while the account or the address is
   * under attack it gets no tokens, only the mailed link, and the same answer whether the
   * password was right or not, so guessing there learns nothing.
   */
  async loginWithPassword(
    input: { username: string; password: string; rememberMe: boolean },
    address: string,
    cookies: SignInCookies,
  ): Promise<PasswordSignIn> {
    const user = await this.users.findUserByEmail(input.username);
    const now = this.deps.clock.now();
    const device = user ? this.devices.verify(user.id, cookies.byName(this.devices.cookieName(user.id)), now) : null;
    if (user && device) {
      const deviceKey = loginDeviceKey(device.deviceId);
      const attempt = await this.limiter.begin([
        { key: deviceKey, limit: LOGIN_DEVICE_LIMIT },
        { key: loginAddressKey(address), limit: LOGIN_ADDRESS_LIMIT },
      ]);
      if (attempt.checks[0]?.wait === 0) {
        if (!(await verifySecret(input.password, user.passwordHash))) throw badRequest(INVALID_CREDENTIALS);
        await attempt.forget();
        await this.limiter.clear(deviceKey);
        notLocked(user);
        return {
          kind: 'session',
          session: await this.startSession(user, input.rememberMe, cookies.refreshToken, device.deviceId),
        };
      }
      // Too many wrong passwords on this device: unknown until they age out, and uncounted here.
      await attempt.forget();
    }
    const attempt = await this.limiter.begin([
      { key: loginAccountKey(input.username), backoff: LOGIN_ACCOUNT_BACKOFF },
      { key: loginAddressKey(address), limit: LOGIN_ADDRESS_LIMIT },
    ]);
    const [account, fromAddress] = attempt.checks;
    if (attempt.wait > 0) {
      // Refused attempts do not count, so the wait ends on time however often one knocks.
      await attempt.forget();
      throw rateLimited(
        `Demasiados intentos fallidos de inicio de sesión. Vuelve a intentarlo dentro de ${describeWait(attempt.wait)}.`,
        attempt.wait,
      );
    }
    const underAttack =
      (account?.earlier ?? 0) >= LOGIN_ACCOUNT_BACKOFF.free || (fromAddress?.earlier ?? 0) >= LOGIN_ADDRESS_ATTACK;
    const matches = await verifySecret(input.password, user?.passwordHash ?? (await this.dummyHash));
    if (underAttack) {
      // Counted even when right: forgetting it would show in the next attempt's wait.
      if (user && matches) await this.mailSignInLink(user, input.rememberMe);
      return { kind: 'link-sent' };
    }
    // A failure stays counted, for unknown accounts too, or the limits would tell which exist.
    if (!user || !matches) throw badRequest(INVALID_CREDENTIALS);
    await attempt.forget();
    notLocked(user);
    return {
      kind: 'session',
      session: await this.startSession(user, input.rememberMe, cookies.refreshToken, undefined),
    };
  }

  /** Completes a sign-in through a mailed link: once, before it expires; the device becomes known. */
  async loginWithLink(token: string, cookies: SignInCookies): Promise<IssuedSession> {
    const used = await this.links.repository.use(hashOpaqueToken(token), this.deps.clock.now());
    const user = used ? await this.users.findUserById(used.userId) : undefined;
    if (!used || !user) throw badRequest(SIGN_IN_LINK_INVALID);
    notLocked(user);
    const device = this.devices.verify(
      user.id,
      cookies.byName(this.devices.cookieName(user.id)),
      this.deps.clock.now(),
    );
    return this.startSession(user, used.persistent, cookies.refreshToken, device?.deviceId);
  }

  private async mailSignInLink(user: UserRow, rememberMe: boolean): Promise<void> {
    const sent = await this.limiter.begin([{ key: signInLinkKey(user.id), limit: SIGN_IN_LINK_LIMIT }]);
    // Past the limit the answer stays the same; the owner already has a live link.
    if (sent.wait > 0) return sent.forget();
    const now = this.deps.clock.now();
    const token = newOpaqueToken();
    await this.links.repository.insert({
      tokenHash: hashOpaqueToken(token),
      userId: user.id,
      persistent: rememberMe ? 1 : 0,
      expiresAt: now + SIGN_IN_LINK_TTL_MS,
      usedAt: null,
      createdAt: now,
    });
    const link = `${this.deps.config.publicUrl}${signInLinkPath(token)}`;
    await this.links.mailer.send(signInLinkMail(user.email, this.deps.config.operator.name, link));
  }

  /** A new refresh family for the user, and this device remembered for the account. */
  private async startSession(
    user: UserRow,
    rememberMe: boolean,
    previousRefreshToken: string | undefined,
    deviceId: string | undefined,
  ): Promise<IssuedSession> {
    // A new sign-in in this browser replaces the session it had.
    if (previousRefreshToken) await this.logout(previousRefreshToken);
    const now = this.deps.clock.now();
    await this.sessions.deleteDeadForUser(user.id, now);
    const { token, row } = this.newRefreshToken(user.id, newFamilyId(), rememberMe);
    await this.sessions.insert(row);
    const session = await this.issue(user, token, row);
    return {
      ...session,
      knownDevice: { name: this.devices.cookieName(user.id), value: this.devices.issue(user.id, now, deviceId) },
    };
  }

  /** Trades a live refresh token for a new one in the same family; reuse ends the family. */
  async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
    if (!refreshToken) throw expired('missing');
    const now = this.deps.clock.now();
    const hash = hashOpaqueToken(refreshToken);
    const current = await this.sessions.findByHash(hash);
    if (!current) throw expired('unknown');
    if (current.revokedAt !== null) throw await this.reused(current.familyId, now);
    if (current.rotatedAt !== null) return this.withinGrace(refreshToken, current, now);
    if (current.expiresAt <= now) throw expired('expired');
    const user = await this.users.findUserById(current.userId);
    if (!user) throw expired('unknown');
    notLocked(user);
    const { token, row } = this.newRefreshToken(
      user.id,
      current.familyId,
      current.persistent === 1,
      this.successor(refreshToken),
    );
    if (await this.sessions.rotate(current.tokenHash, row, now)) return this.issue(user, token, row);
    // Another request traded it in first: two tabs at once, or a replay; the grace decides.
    const after = await this.sessions.findByHash(hash);
    if (!after || after.revokedAt !== null || after.rotatedAt === null) throw await this.reused(current.familyId, now);
    return this.withinGrace(refreshToken, after, now);
  }

  /**
   * The token that replaces `token` when it is traded in: an HMAC of it, so every request
   * presenting the same token names the same successor, and only the server can tell it.
   */
  private successor(token: string): string {
    return createHmac('sha256', this.successorKey).update(token).digest('base64url');
  }

  /**
   * A token already traded in. Moments after the trade: the token that trade made (or, if a
   * tab has traded that in too, the family's newest), never a new member. Later: a replay.
   */
  private async withinGrace(token: string, current: RefreshTokenRow, now: number): Promise<IssuedSession> {
    if (current.rotatedAt === null || now - current.rotatedAt > REFRESH_GRACE_MS || current.expiresAt <= now)
      throw await this.reused(current.familyId, now);
    let next = this.successor(token);
    let row = await this.sessions.findByHash(hashOpaqueToken(next));
    for (let hops = 0; row && row.rotatedAt !== null && row.revokedAt === null && hops < 8; hops++) {
      next = this.successor(next);
      row = await this.sessions.findByHash(hashOpaqueToken(next));
    }
    if (
      !row ||
      row.familyId !== current.familyId ||
      row.rotatedAt !== null ||
      row.revokedAt !== null ||
      row.expiresAt <= now
    )
      throw await this.reused(current.familyId, now);
    const user = await this.users.findUserById(row.userId);
    if (!user) throw expired('unknown');
    notLocked(user);
    return this.issue(user, next, row);
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
  async changePassword(
    userId: number,
    input: { currentPassword: string; newPassword: string },
    refreshToken: string | undefined,
  ): Promise<IssuedSession> {
    const user = await this.users.findUserById(userId);
    if (!user) throw expired('unknown-user');
    await this.checks.password(user, input.currentPassword);
    if (input.currentPassword === input.newPassword) throw badRequest(SAME_PASSWORD);
    const now = this.deps.clock.now();
    const current = refreshToken ? await this.sessions.findByHash(hashOpaqueToken(refreshToken)) : undefined;
    const live =
      current &&
      current.userId === userId &&
      current.rotatedAt === null &&
      current.revokedAt === null &&
      current.expiresAt > now;
    await this.sessions.changePassword(
      userId,
      await hashChosenPassword(input.newPassword),
      live ? current.familyId : null,
      now,
    );
    // Every other device is signed out: their streams end too (playback closes them).
    await this.signOuts?.signedOutEverywhere(userId);
    // The address is told, so a change the owner did not make is noticed (issue 26).
    await this.links.mailer.send(
      passwordChangedMail({ to: user.email, operatorName: this.deps.config.operator.name, at: now }),
    );
    if (live && refreshToken) return this.refresh(refreshToken);
    // No live cookie came with the request: this device starts a new family.
    const changed = await this.users.findUserById(userId);
    if (!changed) throw expired('unknown-user');
    const { token, row } = this.newRefreshToken(userId, newFamilyId(), current?.persistent === 1);
    await this.sessions.insert(row);
    return this.issue(changed, token, row);
  }

  private newRefreshToken(
    userId: number,
    familyId: string,
    persistent: boolean,
    token: string = newOpaqueToken(),
  ): { token: string; row: RefreshTokenTable } {
    const now = this.deps.clock.now();
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
