import type {
  SubscriberAccount,
  SubscriberHit,
  SubscriberProfile,
  SubscriberSearchPage,
  SubscriberSignIn,
} from '@pantalla/contracts';
import { MAX_ID, SUBSCRIBER_SIGN_INS_MAX } from '@pantalla/contracts';
import type { Clock } from '../../platform/clock';
import { badRequest } from '../../platform/errors';
import { foldSearchKey } from './subscriber-keys';
import type { SearchKeyHit, SubscriberSearchRepository } from './subscriber-search.repository';

/** The account's side of the console's subscriber page. */
export interface SubscriberRecord {
  account: SubscriberAccount;
  profiles: SubscriberProfile[];
  signIns: SubscriberSignIn[];
}

/** What the console may ask identity of subscribers (issue 27). */
export interface SubscriberDirectory {
  /** Accounts by e-mail, "name surname" or surname prefix (accents and case ignored), and by exact id. */
  search(q: string, cursor: string | undefined, limit: number): Promise<SubscriberSearchPage>;
  /** The account, its profiles and its recent sign-ins; undefined when there is no such account. */
  record(userId: number): Promise<SubscriberRecord | undefined>;
}

const BAD_CURSOR = 'El cursor no es válido.';

/** The cursor: the last key's position, base64url of '<userId>:<key>' (opaque to the app). */
export function encodeSearchCursor(hit: { key: string; userId: number }): string {
  return Buffer.from(`${hit.userId}:${hit.key}`, 'utf8').toString('base64url');
}

export function decodeSearchCursor(cursor: string): { key: string; userId: number } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const colon = text.indexOf(':');
  const userId = Number(text.slice(0, colon));
  if (colon < 1 || !Number.isInteger(userId) || userId < 1 || userId > MAX_ID) throw badRequest(BAD_CURSOR);
  return { userId, key: text.slice(colon + 1) };
}

const hitOf = (
  row: Pick<SearchKeyHit, 'email' | 'name' | 'surname' | 'createdAt' | 'lockedAt'> & { id: number },
): SubscriberHit => ({
  id: row.id,
  email: row.email,
  name: row.name,
  surname: row.surname,
  createdAt: row.createdAt,
  locked: row.lockedAt !== null,
});

/** Search and the account's record, over SubscriberSearchRepository. */
export class SubscriberSearchService implements SubscriberDirectory {
  constructor(
    private readonly repo: SubscriberSearchRepository,
    private readonly clock: Clock,
  ) {}

  async search(q: string, cursor: string | undefined, limit: number): Promise<SubscriberSearchPage> {
    const prefix = foldSearchKey(q);
    if (prefix === '') return { items: [], nextCursor: null };
    const after = cursor === undefined ? null : decodeSearchCursor(cursor);
    const items: SubscriberHit[] = [];
    // An id typed whole comes first, on the first page only.
    const id = /^\d{1,10}$/.test(prefix) ? Number(prefix) : 0;
    if (after === null && id >= 1 && id <= MAX_ID) {
      const byId = await this.repo.byId(id);
      if (byId) items.push(hitOf(byId));
    }
    const rows = await this.repo.byPrefix(prefix, after, limit + 1);
    const page = rows.slice(0, limit);
    // One account may match by two keys (its name and its surname): listed once on a page.
    const seen = new Set(items.map((item) => item.id));
    for (const row of page) {
      if (seen.has(row.userId)) continue;
      seen.add(row.userId);
      items.push(hitOf({ ...row, id: row.userId }));
    }
    const last = page[page.length - 1];
    return { items, nextCursor: rows.length > limit && last ? encodeSearchCursor(last) : null };
  }

  async record(userId: number): Promise<SubscriberRecord | undefined> {
    const user = await this.repo.account(userId);
    if (!user) return undefined;
    const now = this.clock.now();
    const [profiles, signIns] = await Promise.all([
      this.repo.profiles(userId),
      this.repo.signIns(userId, SUBSCRIBER_SIGN_INS_MAX),
    ]);
    return {
      account: {
        id: user.id,
        email: user.email,
        name: user.name,
        surname: user.surname,
        regionId: user.regionId,
        country: user.country,
        language: user.language,
        createdAt: user.createdAt,
        emailConfirmedAt: user.emailConfirmedAt,
        lockedAt: user.lockedAt,
      },
      profiles: profiles.map((p) => ({ id: p.id, name: p.name, isAdult: p.isAdult === 1, createdAt: p.createdAt })),
      signIns: signIns.map((s) => ({
        at: Number(s.at),
        lastUsedAt: Number(s.lastUsedAt),
        persistent: Number(s.persistent) === 1,
        live: Number(s.unrevoked) === 1 && Number(s.expiresAt) > now,
      })),
    };
  }
}
