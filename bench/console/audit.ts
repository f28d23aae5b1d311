// Audit write overhead of one operator mutation (issue 27): a role grant (the roles screen's
// change) timed with and without its audit row in the same transaction, and the recordAudit
// insert alone inside that transaction, on SQLite and PostgreSQL, over a trail that already
// holds many rows (so its five indexes are not empty). Goal: the audit write ≤ 2 ms p95.
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../../apps/server/src/platform/database';
import { migrateToLatest } from '../../apps/server/src/platform/migrate';
import { recordAudit, type Actor } from '../../apps/server/src/platform/audit.repository';
import { identityMigrations } from '../../apps/server/src/modules/identity/testing';
import type { IdentityTables } from '../../apps/server/src/modules/identity/testing';
import { createBenchDb, PG_URL } from '../catalogue/build';

const QUICK = process.env.BENCH_QUICK === '1';
const GOAL_P95_MS = 2;
/** Rows already in the trail before timing. */
const TRAIL_ROWS = QUICK ? 20_000 : 200_000;
const RUNS = QUICK ? 300 : 1000;
const ACTOR: Actor = { userId: 1, email: 'admin@pantalla.test', ip: '203.0.113.7' };

/** Whether the bench's PostgreSQL answers (else SQLite only). */
async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
const figures = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

/** Accounts to grant roles to, and a trail of TRAIL_ROWS rows. */
async function arrange(db: Db): Promise<void> {
  const k = db.kysely<unknown>();
  const now = Date.now();
  const users = Array.from({ length: RUNS * 2 + 1 }, (_, i) => i + 1);
  const trail = Array.from({ length: TRAIL_ROWS }, (_, i) => i);
  if (db.runMany) {
    await sql`begin`.execute(k);
    db.runMany(
      'insert into users (id, email, password_hash, created_at) values (?, ?, ?, ?)',
      users.map((id) => [id, `op${id}@pantalla.test`, 'bench', now]),
    );
    db.runMany(
      'insert into audit_log (at, actor_id, actor_email, ip, action, subject_type, subject_id, before, after) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      trail.map((i) => [
        now - i * 1000,
        (i % 50) + 1,
        `op${(i % 50) + 1}@pantalla.test`,
        '203.0.113.7',
        ['channel.update', 'role.grant', 'purchase.refund'][i % 3],
        'channel',
        String(i % 10_000),
        '{"number":1}',
        '{"number":2}',
      ]),
    );
    await sql`commit`.execute(k);
  } else {
    await sql`insert into users (id, email, password_hash, created_at) select u, 'op' || u || '@pantalla.test', 'bench', ${now}::bigint from unnest(${users}::int[]) as u`.execute(
      k,
    );
    await sql`insert into audit_log (at, actor_id, actor_email, ip, action, subject_type, subject_id, before, after)
      select ${now}::bigint - i * 1000, i % 50 + 1, 'op' || (i % 50 + 1) || '@pantalla.test', '203.0.113.7', (array['channel.update','role.grant','purchase.refund'])[i % 3 + 1], 'channel', (i % 10000)::text, '{"number":1}', '{"number":2}'
      from unnest(${trail}::int[]) as i`.execute(k);
    await sql`analyze`.execute(k);
  }
}

/** One grant as the repository makes it: read the roles, insert the role, and (with `audit`) its row, in one transaction. */
async function grant(db: Db, userId: number, audit: boolean): Promise<{ total: number; audit: number }> {
  const k = db.kysely<IdentityTables>();
  const started = performance.now();
  let auditMs = 0;
  await k.transaction().execute(async (trx) => {
    const held = (await trx.selectFrom('operatorRoles').select('role').where('userId', '=', userId).execute()).map(
      (r) => r.role,
    );
    await trx
      .insertInto('operatorRoles')
      .values({ userId, role: 'content', grantedBy: 1, grantedAt: Date.now() })
      .execute();
    if (audit) {
      const t0 = performance.now();
      await recordAudit(trx, ACTOR, Date.now(), {
        action: 'role.grant',
        subjectType: 'account',
        subjectId: userId,
        before: { roles: held },
        after: { roles: [...held, 'content'] },
      });
      auditMs = performance.now() - t0;
    }
  });
  return { total: performance.now() - started, audit: auditMs };
}

async function benchOn(kind: 'sqlite' | 'postgres'): Promise<void> {
  const b = await createBenchDb(kind, 'audit');
  try {
    await migrateToLatest(b.db, [identityMigrations]);
    await arrange(b.db);
    // Warm-up, then alternate with and without so both see the same load on a busy machine.
    for (let i = 0; i < 20; i++) await grant(b.db, RUNS * 2 - i, i % 2 === 0);
    const withAudit: number[] = [];
    const without: number[] = [];
    const insertOnly: number[] = [];
    for (let i = 1; i <= RUNS - 20; i++) {
      const a = await grant(b.db, i * 2 - 1, true);
      withAudit.push(a.total);
      insertOnly.push(a.audit);
      without.push((await grant(b.db, i * 2, false)).total);
    }
    const w = figures(withAudit);
    const wo = figures(without);
    const ins = figures(insertOnly);
    console.log(
      `  ${kind} (${TRAIL_ROWS.toLocaleString('en')} rows in the trail, ${withAudit.length} grants each way):`,
    );
    console.log(
      `    grant with its audit row: p50 ${w.p50.toFixed(3)} ms, p95 ${w.p95.toFixed(3)} ms; without: p50 ${wo.p50.toFixed(3)} ms, p95 ${wo.p95.toFixed(3)} ms`,
    );
    console.log(`    difference: p50 ${(w.p50 - wo.p50).toFixed(3)} ms, p95 ${(w.p95 - wo.p95).toFixed(3)} ms`);
    console.log(
      `    audit write overhead (recordAudit inside the transaction): p50 ${ins.p50.toFixed(3)} ms, p95 ${ins.p95.toFixed(3)} ms (goal ≤ ${GOAL_P95_MS} ms p95: ${ins.p95 <= GOAL_P95_MS ? 'met' : 'MISSED'})`,
    );
  } finally {
    await b.drop();
  }
}

/** The audit write overhead of an operator mutation, against its goal (≤ 2 ms p95). */
export async function runAuditOverheadBench(): Promise<void> {
  console.log('Audit write overhead of one operator mutation (a role grant):');
  await benchOn('sqlite');
  if (await postgresReachable()) await benchOn('postgres');
  else console.log(`  (PostgreSQL not reachable at ${PG_URL}: SQLite only)`);
}
