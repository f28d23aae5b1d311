/**
 * Identity's hook for the user's own data (issue 26): each module that keeps data about a
 * user registers what it holds (through the composition root; identity knows no other
 * module), so the export asks every module and the deletion erases everywhere.
 */

/** One module's part of a user's data. */
export interface PersonalDataHolder {
  /** What this module keeps about the user, as plain JSON. */
  export(userId: number): Promise<unknown>;
  /** Erases it, or anonymises what must be kept (accounting); called before identity erases the account. */
  erase(userId: number): Promise<void>;
}

/** What other modules may do with it. */
export interface PersonalData {
  register(section: string, holder: PersonalDataHolder): void;
}

/** The registry identity's account-data service asks, in registration order. */
export class PersonalDataRegistry implements PersonalData {
  private readonly holders: { section: string; holder: PersonalDataHolder }[] = [];

  register(section: string, holder: PersonalDataHolder): void {
    this.holders.push({ section, holder });
  }

  async exportAll(userId: number): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    for (const { section, holder } of this.holders) out[section] = await holder.export(userId);
    return out;
  }

  async eraseAll(userId: number): Promise<void> {
    for (const { holder } of this.holders) await holder.erase(userId);
  }
}
