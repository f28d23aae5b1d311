import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/database';
import { lockKey } from '../src/platform/dialect';
import { DEMO, bearerFor } from './auth';
import { createTestContext, type TestContext } from './context';
import { databaseKinds } from './databases';

const kinds = (await databaseKinds()).filter((kind) => kind !== 'pglite');

/**
 * Issue 31, item 9: every catalogue request resolves the caller's profile. Once an account has
 * its profiles that is a read: it must not wait for the lock that makes the first default
 * profile (on SQLite the database's write lock, which an import's transactions hold for
 * seconds, and a request waiting for it held the server's thread, then failed with 500).
 */
describe.each(kinds)('a profile read beside a writer, on %s', (kind) => {
  let ctx: TestContext;
  let demo: Record<string, string>;

  beforeAll(async () => {
    ctx = await createTestContext(kind, {}, { sqliteFile: true });
    demo = await bearerFor(ctx, DEMO);
  });
  afterAll(async () => ctx?.close());

  it(
    'answers the guide and the channels while another connection holds the write lock',
    { timeout: 60_000 },
    async () => {
      // The account's first request made its default profile.
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/profiles', headers: demo })).statusCode).toBe(200);
      const user = await ctx.sql
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'demo@pantalla.test')
        .executeTakeFirstOrThrow();
      const other = openDatabase(ctx.platform.db.address ?? undefined, '');
      let release = () => undefined as void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let held = () => undefined as void;
      const holding = new Promise<void>((resolve) => (held = resolve));
      // An import's transaction, as another connection sees it: the write lock (SQLite), the profile's lock (PostgreSQL).
      const writer = other
        .kysely()
        .connection()
        .execute(async (conn) => {
          if (kind === 'sqlite') await sql`begin immediate`.execute(conn);
          else {
            const key = lockKey('identity.default-profile', Number(user.id));
            await sql`begin`.execute(conn);
            await sql`select pg_advisory_xact_lock(${key.namespace}, ${key.id})`.execute(conn);
          }
          held();
          await released;
          await sql`rollback`.execute(conn);
        });
      try {
        await holding;
        const started = performance.now();
        const channels = await ctx.app.inject({ method: 'GET', url: '/api/v1/channels', headers: demo });
        const window = await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/events?startTime=${Date.now()}&endTime=${Date.now() + 3_600_000}`,
          headers: demo,
        });
        expect(channels.statusCode, channels.body).toBe(200);
        expect(window.statusCode, window.body).toBe(200);
        // Not after SQLite's busy timeout (5 s) ran out.
        expect(performance.now() - started).toBeLessThan(4000);
      } finally {
        release();
        await writer;
        await other.destroy();
      }
    },
  );
});
