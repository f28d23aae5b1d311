import { unauthorized } from '../../platform/errors';
import type { Platform } from '../../platform/module';
import type { IdentityRepository } from './identity.repository';
import { hashSecret } from './password';
import { DEFAULT_PROFILE } from './session.service';

/** An account as other modules see it: no credentials, whether a parental PIN is set. */
export interface AccountSummary {
  id: number;
  email: string;
  hasPin: boolean;
}

/** A new account: the password and PIN in clear, hashed here. */
export interface NewAccount {
  email: string;
  password: string;
  name: string;
  surname: string;
  pin: string | null;
}

/** What other modules may ask of accounts. */
export interface Accounts {
  /** The account; undefined when it is gone. */
  find(userId: number): Promise<AccountSummary | undefined>;
  findByEmail(email: string): Promise<AccountSummary | undefined>;
  /** The country the account gave at sign-up (ISO 3166-1), null when none or the account is gone: VAT follows it. */
  countryOf(userId: number): Promise<string | null>;
  /** The language the account's app was last in (es, en, de), null when never known or the account is gone: mails follow it. */
  languageOf(userId: number): Promise<string | null>;
  /** The account's profile ids, oldest first. */
  profileIds(userId: number): Promise<number[]>;
  /** Creates an account with its default profile. */
  create(input: NewAccount): Promise<AccountSummary>;
}

/** Profiles, account facts, server time and the service locator; the Accounts other modules use. */
export class AccountService implements Accounts {
  constructor(
    private readonly deps: Pick<Platform, 'config' | 'clock'>,
    private readonly users: IdentityRepository,
  ) {}

  async find(userId: number): Promise<AccountSummary | undefined> {
    const user = await this.users.findUserById(userId);
    return user ? { id: user.id, email: user.email, hasPin: user.pinHash !== null } : undefined;
  }

  async findByEmail(email: string): Promise<AccountSummary | undefined> {
    const user = await this.users.findUserByEmail(email);
    return user ? { id: user.id, email: user.email, hasPin: user.pinHash !== null } : undefined;
  }

  async countryOf(userId: number): Promise<string | null> {
    return (await this.users.findUserById(userId))?.country ?? null;
  }

  async languageOf(userId: number): Promise<string | null> {
    return (await this.users.findUserById(userId))?.language ?? null;
  }

  /** Records the app's language for the account (only es, en, de reach here). */
  setLanguage(userId: number, language: string): Promise<void> {
    return this.users.setLanguage(userId, language);
  }

  profileIds(userId: number): Promise<number[]> {
    return this.users.profileIds(userId);
  }

  async create(input: NewAccount): Promise<AccountSummary> {
    const now = this.deps.clock.now();
    const user = await this.users.createUser({
      email: input.email,
      passwordHash: await hashSecret(input.password),
      name: input.name,
      surname: input.surname,
      regionId: 1,
      channelOrder: '[]',
      pinHash: input.pin ? await hashSecret(input.pin) : null,
      tokenVersion: 0,
      createdAt: now,
      // Accounts made by the server itself (the demo's) have nobody to confirm them.
      emailConfirmedAt: now,
    });
    await this.users.createProfile({ userId: user.id, ...DEFAULT_PROFILE(now) });
    return { id: user.id, email: user.email, hasPin: user.pinHash !== null };
  }

  async account(userId: number): Promise<{ regionId: number; email: string; hasPin: boolean }> {
    const user = await this.users.findUserById(userId);
    if (!user) throw unauthorized();
    return { regionId: user.regionId, email: user.email, hasPin: user.pinHash !== null };
  }

  /** The server's time, which the app trusts over the device's for token expiry. */
  time(): { now: string; time: number } {
    const ms = this.deps.clock.now();
    return { now: new Date(ms).toISOString(), time: Math.floor(ms / 1000) };
  }

  /** Where each service lives; all on this server unless configured otherwise. */
  locator() {
    const { endpoints } = this.deps.config;
    return {
      message: 'OK' as const,
      endpoint_idm: endpoints.idm,
      endpoint_static: endpoints.static,
      endpoint_manager: endpoints.manager,
      endpoint_search: endpoints.search,
    };
  }
}
