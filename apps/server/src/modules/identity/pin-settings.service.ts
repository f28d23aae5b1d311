import type { ParentalPinUpdate, ParentalStatus } from '@pantalla/contracts';
import { conflict, unauthorized } from '../../platform/errors';
import type { CredentialChecks } from './credential-checks';
import type { IdentityRepository } from './identity.repository';
import type { ParentalRepository } from './parental.repository';
import { hashSecret } from './password';
import { PIN_NOT_SET } from './parental.service';
import type { UserRow } from './tables';

/**
 * The settings panel's PIN steps (accounts spec sections 4 and 5), each decided here: step 1
 * checks the old PIN, step 4 the account password, and saving checks both again, since a
 * request may skip the steps the panel walks through.
 */
export class PinSettingsService {
  constructor(
    private readonly users: IdentityRepository,
    private readonly grants: ParentalRepository,
    private readonly checks: CredentialChecks,
  ) {}

  private async user(userId: number): Promise<UserRow> {
    const user = await this.users.findUserById(userId);
    if (!user) throw unauthorized();
    return user;
  }

  /** Step 1 (Change, Disable): the current PIN. */
  async checkCurrentPin(userId: number, pin: string): Promise<void> {
    const user = await this.user(userId);
    if (user.pinHash === null) throw conflict(PIN_NOT_SET);
    await this.checks.currentPin(user, pin);
  }

  /** Step 4 (Define, Change): the account password, before the new PIN is typed. */
  async checkPassword(userId: number, password: string): Promise<void> {
    await this.checks.password(await this.user(userId), password);
  }

  /**
   * Defines, changes or (with an empty pin) disables the PIN. A PIN in place needs the
   * current one; a new PIN needs the account password. Grants given under the old PIN end.
   */
  async update(userId: number, input: ParentalPinUpdate): Promise<ParentalStatus> {
    const user = await this.user(userId);
    if (user.pinHash !== null) await this.checks.currentPin(user, input.currentPin);
    if (input.pin === '') {
      if (user.pinHash === null) throw conflict(PIN_NOT_SET);
      await this.users.setPinHash(userId, null);
    } else {
      await this.checks.password(user, input.password);
      await this.users.setPinHash(userId, await hashSecret(input.pin));
    }
    await this.grants.revokeAll(userId);
    return { hasPin: input.pin !== '' };
  }
}
