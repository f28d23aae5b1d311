import type { Kysely } from 'kysely';
import type { Db } from '../../platform/database';
import type { GenerationKind } from './stream-keys';
import type { OriginTables } from './tables';

/** A title or programme nobody has rotated is at its first generation. */
export const FIRST_GENERATION = 1;

/** SQL of the key generations. */
export class KeyGenerationsRepository {
  constructor(private readonly db: Db) {}

  private get k(): Kysely<OriginTables> {
    return this.db.kysely<OriginTables>();
  }

  async current(kind: GenerationKind, contentId: number): Promise<number> {
    const row = await this.k
      .selectFrom('originKeyGenerations')
      .select('generation')
      .where('kind', '=', kind)
      .where('contentId', '=', contentId)
      .executeTakeFirst();
    return row ? Number(row.generation) : FIRST_GENERATION;
  }

  /** Moves the generation on by one (one statement: concurrent bumps each count) and returns the new one. */
  async bump(kind: GenerationKind, contentId: number, now: number): Promise<number> {
    await this.k
      .insertInto('originKeyGenerations')
      .values({ kind, contentId, generation: FIRST_GENERATION + 1, rotatedAt: now })
      .onConflict((oc) =>
        oc
          .columns(['kind', 'contentId'])
          .doUpdateSet((eb) => ({ generation: eb(eb.ref('originKeyGenerations.generation'), '+', 1), rotatedAt: now })),
      )
      .execute();
    return this.current(kind, contentId);
  }
}
