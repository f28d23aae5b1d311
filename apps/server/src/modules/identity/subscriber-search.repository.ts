import type { CompiledQuery, Kysely, Transaction } from 'kysely';
import type { Db } from '../../platform/database';
import { prefixEnd, searchKeysOf } from './subscriber-keys';
import type { IdentityTables, ProfileRow, UserRow } from './tables';

/** A found account with the key it was found by (the page's position). */
export interface SearchKeyHit {
  key: string;
  userId: number;
  email: string;
  name: string;
  surname: string;
  createdAt: number;
  lockedAt: number | null;
}

/** A sign-in: one refresh-token family, first and last token. */
export interface SignInRow {
  at: number;
  lastUsedAt: number;
  persistent: number;
  /** 1 while no token of the family was revoked. */
  unrevoked: number;
  expiresAt: number;
}

/**
 * Writes the account's search keys anew (its e-mail, name or surname changed, or it was
 * created), in the caller's transaction so a key never names what the account no longer is.
 */
export async function writeSearchKeys(
  trx: Kysely<IdentityTables> | Transaction<IdentityTables>,
  user: Pick<UserRow, 'id' | 'email' | 'name' | 'surname'>,
): Promise<void> {
  await trx.deleteFrom('accountSearchKeys').where('userId', '=', user.id).execute();
  const keys = searchKeysOf(user);
  if (keys.length > 0)
    await trx
      .insertInto('accountSearchKeys')
      .values(keys.map((key) => ({ key, userId: user.id })))
      .execute();
}

/** SQL of the console's subscriber search and the account's side of the subscriber page. */
export class SubscriberSearchRepository {
  constructor(private readonly db: Db) {}

  private get k() {
    return this.db.kysely<IdentityTables>();
  }

  /**
   * Accounts with a key starting with `prefix`, in (key, user id) order from just after
   * `after`: one range of the (key, user_id) primary key, whatever the table's size, and
   * per row a look at the account's own two or three keys (by user_id).
   */
  byPrefix(prefix: string, after: { key: string; userId: number } | null, limit: number): Promise<SearchKeyHit[]> {
    return this.prefixQuery(prefix, after, limit).execute();
  }

  /** The prefix search's SQL, for the bench to print the databases' plans of it. */
  compilePrefix(prefix: string, after: { key: string; userId: number } | null, limit: number): CompiledQuery {
    return this.prefixQuery(prefix, after, limit).compile();
  }

  private prefixQuery(prefix: string, after: { key: string; userId: number } | null, limit: number) {
    let query = this.k
      .selectFrom('accountSearchKeys as k')
      .innerJoin('users as u', 'u.id', 'k.userId')
      .select(['k.key', 'k.userId', 'u.email', 'u.name', 'u.surname', 'u.createdAt', 'u.lockedAt'])
      .where('k.key', '<', prefixEnd(prefix))
      // An account is listed at its first matching key only (its e-mail and its name often share a prefix).
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('accountSearchKeys as k2')
              .select('k2.userId')
              .whereRef('k2.userId', '=', 'k.userId')
              .where('k2.key', '>=', prefix)
              .whereRef('k2.key', '<', 'k.key'),
          ),
        ),
      );
    query = after
      ? query
          .where('k.key', '>=', after.key)
          .where((eb) => eb.or([eb('k.key', '>', after.key), eb('k.userId', '>', after.userId)]))
      : query.where('k.key', '>=', prefix);
    return query.orderBy('k.key').orderBy('k.userId').limit(limit);
  }

  byId(
    userId: number,
  ): Promise<Pick<UserRow, 'id' | 'email' | 'name' | 'surname' | 'createdAt' | 'lockedAt'> | undefined> {
    return this.k
      .selectFrom('users')
      .select(['id', 'email', 'name', 'surname', 'createdAt', 'lockedAt'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  account(userId: number): Promise<UserRow | undefined> {
    return this.k.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  }

  profiles(userId: number): Promise<ProfileRow[]> {
    return this.k.selectFrom('profiles').selectAll().where('userId', '=', userId).orderBy('id').limit(50).execute();
  }

  /** The most recent sign-ins, newest first (every refresh adds a row to its family). */
  signIns(userId: number, limit: number): Promise<SignInRow[]> {
    return this.k
      .selectFrom('refreshTokens')
      .select((eb) => [
        eb.fn.min('createdAt').as('at'),
        eb.fn.max('createdAt').as('lastUsedAt'),
        eb.fn.max('persistent').as('persistent'),
        eb.fn.min(eb.case().when('revokedAt', 'is', null).then(1).else(0).end()).as('unrevoked'),
        eb.fn.max('expiresAt').as('expiresAt'),
      ])
      .where('userId', '=', userId)
      .groupBy('familyId')
      .orderBy('at', 'desc')
      .limit(limit)
      .execute() as Promise<SignInRow[]>;
  }
}
