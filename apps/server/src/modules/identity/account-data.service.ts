import type { Platform } from '../../platform/module';
import { unauthorized } from '../../platform/errors';
import { SESSION_EXPIRED } from './auth.http';
import type { AccountDataRepository } from './account-data.repository';
import type { CredentialChecks } from './credential-checks';
import type { IdentityRepository } from './identity.repository';
import type { PersonalDataRegistry } from './personal-data';
import type { SignOutHub } from './sign-outs';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The user's data as a download, and the account's deletion (issue 26). */
export class AccountDataService {
  constructor(
    private readonly deps: Pick<Platform, 'clock'>,
    private readonly users: IdentityRepository,
    private readonly repo: AccountDataRepository,
    private readonly checks: CredentialChecks,
    private readonly holders: PersonalDataRegistry,
    private readonly signOuts: SignOutHub,
  ) {}

  /** Everything kept about the user: identity's part, then every registered module's. */
  async export(userId: number): Promise<Record<string, unknown>> {
    const user = await this.users.findUserById(userId);
    if (!user) throw unauthorized(SESSION_EXPIRED);
    const profiles = await this.repo.profiles(userId);
    const tokens = await this.repo.refreshTokens(userId);
    // A sign-in starts a refresh family; its rotations are the same sign-in.
    const signIns = new Map<
      string,
      { signedInAt: string | null; rememberMe: boolean; lastUsedAt: string | null; endedAt: string | null }
    >();
    for (const t of tokens) {
      const seen = signIns.get(t.familyId);
      if (!seen)
        signIns.set(t.familyId, {
          signedInAt: iso(t.createdAt),
          rememberMe: t.persistent === 1,
          lastUsedAt: iso(t.createdAt),
          endedAt: iso(t.revokedAt),
        });
      else {
        seen.lastUsedAt = iso(t.createdAt);
        seen.endedAt = iso(t.revokedAt);
      }
    }
    return {
      exportedAt: iso(this.deps.clock.now()),
      account: {
        email: user.email,
        name: user.name,
        surname: user.surname,
        country: user.country,
        favouriteSport: user.favouriteSport,
        birthday: user.birthday,
        language: user.language,
        regionId: user.regionId,
        createdAt: iso(user.createdAt),
        emailConfirmedAt: iso(user.emailConfirmedAt),
        hasParentalPin: user.pinHash !== null,
      },
      profiles: profiles.map((p) => ({
        id: p.id,
        name: p.name,
        isAdult: p.isAdult === 1,
        createdAt: iso(p.createdAt),
      })),
      signIns: [...signIns.values()],
      ...(await this.holders.exportAll(userId)),
    };
  }

  /** Deletes the account once its password is typed again: every module erases its part, then identity its own. */
  async delete(userId: number, password: string): Promise<void> {
    const user = await this.users.findUserById(userId);
    if (!user) throw unauthorized(SESSION_EXPIRED);
    await this.checks.password(user, password);
    await this.holders.eraseAll(userId);
    await this.repo.erase(userId, user.email, this.deps.clock.now());
    await this.signOuts.signedOutEverywhere(userId);
  }
}
