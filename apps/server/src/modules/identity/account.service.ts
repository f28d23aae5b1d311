import type { Profile } from '@pantalla/contracts';
import { conflict, unauthorized } from '../../platform/errors';
import type { Deps } from '../../platform/module';
import { IdentityRepository } from './identity.repository';
import { DEFAULT_PROFILE } from './session.service';
import { toProfile } from './user-info';

/** A household has a handful of profiles; the cap keeps one account from filling the table. */
export const MAX_PROFILES = 10;

/** Profiles, account facts, server time and the service locator. */
export class AccountService {
  private readonly users: IdentityRepository;

  constructor(private readonly deps: Deps) {
    this.users = new IdentityRepository(deps.db);
  }

  /** The user's profiles; the default one is made on first use. */
  async listProfiles(userId: number): Promise<Profile[]> {
    const rows = await this.users.listProfilesCreatingDefault(userId, DEFAULT_PROFILE(this.deps.clock.now()));
    return rows.map(toProfile);
  }

  async createProfile(userId: number, input: { name: string; isAdult: boolean }): Promise<Profile> {
    if ((await this.users.countProfiles(userId)) >= MAX_PROFILES) {
      throw conflict(`No se pueden crear más de ${MAX_PROFILES} perfiles por cuenta.`);
    }
    const row = await this.users.createProfile({ userId, name: input.name, isAdult: input.isAdult ? 1 : 0, createdAt: this.deps.clock.now() });
    return toProfile(row);
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
