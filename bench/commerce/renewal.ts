// The renewal run: N subscriptions (100,000; 10,000 in quick mode) fall due within one day and
// two processes renew them through the payment sandbox at once, on one SQLite file, each
// without the renewal lock, so only the sandbox's compare-and-set keeps a charge from
// happening twice. Prints the count, the seconds (goal ≤ 60 s) and charges per subscription
// (must be exactly 1); then the webhook delivery rate, measured apart on a sample.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { Deliveries, IN_FLIGHT, stripeSignature } from '../../apps/server/src/modules/payment-sandbox/testing';
import { sandboxMigrations } from '../../apps/server/src/modules/payment-sandbox/testing';
import { SandboxRepository } from '../../apps/server/src/modules/payment-sandbox/testing';
import { PaymentSandbox } from '../../apps/server/src/modules/payment-sandbox/testing';
import type { SandboxTables } from '../../apps/server/src/modules/payment-sandbox/testing';
import { systemClock } from '../../apps/server/src/platform/clock';
import { openSqlite, type Db } from '../../apps/server/src/platform/database';
import { createLogger } from '../../apps/server/src/platform/logging';
import { migrateToLatest } from '../../apps/server/src/platform/migrate';

const here = fileURLToPath(import.meta.url);
const GOAL_S = 60;
const DAY_MS = 86_400_000;
const PROCESSES = 2;
const SEED_BATCH = 10_000;
const DELIVERY_SAMPLE = 5_000;
const WEBHOOK_SECRET = 'whsec_bench';
/** A 100,000-subscription day's events delivered within 10 minutes: far inside the server's renewal margin (hours). */
const DELIVERY_GOAL_S = 600;

/** Customers with Stripe's 4242 as their default card, and their active monthly subscriptions, all due within the last day. */
function seed(db: Db, count: number, now: number): Promise<void> {
  const k = db.kysely<SandboxTables>();
  const runMany = db.runMany;
  if (!runMany) throw new Error('the renewal bench seeds SQLite');
  const insert =
    'insert into sandbox_objects (id, type, data, private, due_at, version, created_at, owner_id) values (?, ?, ?, ?, ?, 0, ?, null)';
  return (async () => {
    for (let from = 0; from < count; from += SEED_BATCH) {
      await k.transaction().execute(async () => {
        const rows: unknown[][] = [];
        for (let i = from; i < Math.min(count, from + SEED_BATCH); i++) {
          const n = String(i).padStart(8, '0');
          const customer = `cus_bench${n}`;
          const sub = `sub_bench${n}`;
          // Spread over the day before now, so every one is due and the run is the day's renewals.
          const endMs = now - DAY_MS + Math.floor((i / count) * DAY_MS);
          const end = Math.floor(endMs / 1000);
          const start = end - 30 * 86_400;
          rows.push([
            customer,
            'customer',
            JSON.stringify({
              id: customer,
              object: 'customer',
              email: `buyer${n}@bench.test`,
              name: null,
              metadata: {},
              invoice_settings: { default_payment_method: 'pm_card_visa' },
              created: start,
              livemode: false,
            }),
            JSON.stringify({ number: '4242424242424242' }),
            null,
            now,
          ]);
          const item = {
            id: `si_bench${n}`,
            object: 'subscription_item',
            price: {
              id: `price_bench${n}`,
              object: 'price',
              currency: 'eur',
              unit_amount: 999,
              product: 'prod_bench',
              recurring: { interval: 'month', interval_count: 1 },
            },
            quantity: 1,
            current_period_start: start,
            current_period_end: end,
          };
          const data = {
            id: sub,
            object: 'subscription',
            customer,
            status: 'active',
            cancel_at_period_end: false,
            canceled_at: null,
            ended_at: null,
            start_date: start,
            created: start,
            metadata: { purchaseId: `pur_bench${n}` },
            latest_invoice: null,
            trial_start: null,
            trial_end: null,
            pending_setup_intent: null,
            default_payment_method: null,
            items: { object: 'list', data: [item] },
          };
          rows.push([sub, 'subscription', JSON.stringify(data), '{}', end * 1000, now]);
        }
        runMany(insert, rows);
      });
    }
  })();
}

interface WorkerResult {
  renewed: number;
  seconds: number;
}

/** One renewer process: opens the file, says it is ready, renews when told, prints what it did. */
async function worker(file: string): Promise<void> {
  const db = openSqlite(file);
  const sandbox = new PaymentSandbox(new SandboxRepository(db), systemClock, () => undefined);
  process.stdout.write('ready\n');
  await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
  const t0 = performance.now();
  const renewed = await sandbox.renewDue();
  process.stdout.write(
    `${JSON.stringify({ renewed, seconds: (performance.now() - t0) / 1000 } satisfies WorkerResult)}\n`,
  );
  await db.destroy();
}

function startWorker(file: string): Promise<{ go(): void; done: Promise<WorkerResult> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', here, 'renewal-worker', file], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  let resolveDone: (r: WorkerResult) => void = () => undefined;
  let rejectDone: (e: Error) => void = () => undefined;
  const done = new Promise<WorkerResult>((resolve, reject) => {
    resolveDone = resolve;
    rejectDone = reject;
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('ready\n')) {
        out = out.replace('ready\n', '');
        resolve({ go: () => child.stdin.write('go\n'), done });
      }
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolveDone(JSON.parse(line) as WorkerResult);
    });
    child.on('exit', (code) => {
      reject(new Error(`renewal worker exited (${code})`));
      if (code !== 0) rejectDone(new Error(`renewal worker exited (${code})`));
    });
  });
}

/** Sends a sample of the queued events, as the sandbox's webhook delivery does, to a local endpoint that checks each signature and answers 200. */
async function deliveryRate(db: Db): Promise<{ sent: number; seconds: number; badSignatures: number }> {
  const k = db.kysely<SandboxTables>();
  // Only the sample is due now; the rest wait, as if later.
  await sql`update sandbox_events set next_attempt_at = null where id not in (select id from sandbox_events order by created_at, id limit ${DELIVERY_SAMPLE})`.execute(
    k,
  );
  let received = 0;
  let badSignatures = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received++;
      const header = String(request.headers['stripe-signature'] ?? '');
      if (
        header !==
        stripeSignature(WEBHOOK_SECRET, Buffer.concat(chunks).toString('utf8'), Number(/t=(\d+)/.exec(header)?.[1]))
      )
        badSignatures++;
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
  const deliveries = new Deliveries(
    new SandboxRepository(db),
    db,
    systemClock,
    WEBHOOK_SECRET,
    () => url,
    createLogger('silent'),
  );
  const t0 = performance.now();
  await deliveries.kick();
  const seconds = (performance.now() - t0) / 1000;
  server.close();
  return { sent: received, seconds, badSignatures };
}

export async function runRenewalBench(): Promise<void> {
  const count = Number(process.env.BENCH_RENEWALS ?? (process.env.BENCH_QUICK === '1' ? 10_000 : 100_000));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pantalla-bench-renewal-'));
  const file = path.join(dir, 'sandbox.sqlite');
  const db = openSqlite(file);
  try {
    await migrateToLatest(db, [sandboxMigrations]);
    const s0 = performance.now();
    await seed(db, count, Date.now());
    console.log(
      `renewals: ${count} subscriptions due within one day seeded in ${((performance.now() - s0) / 1000).toFixed(1)} s`,
    );
    const workers = await Promise.all(Array.from({ length: PROCESSES }, () => startWorker(file)));
    const t0 = performance.now();
    for (const w of workers) w.go();
    const results = await Promise.all(workers.map((w) => w.done));
    const seconds = (performance.now() - t0) / 1000;

    const k = db.kysely<SandboxTables>();
    const invoices = await k
      .selectFrom('sandboxObjects')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '=', 'invoice')
      .executeTakeFirstOrThrow();
    // Paid invoices counted by their invoice.paid events: reading every invoice's JSON would take longer than the run.
    const paid = await k
      .selectFrom('sandboxEvents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '=', 'invoice.paid')
      .executeTakeFirstOrThrow();
    const twice = await k
      .selectFrom('sandboxObjects')
      .select('ownerId')
      .where('type', '=', 'invoice')
      .groupBy('ownerId')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    const charges = await k
      .selectFrom('sandboxEvents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '=', 'payment_intent.succeeded')
      .executeTakeFirstOrThrow();
    const events = await k
      .selectFrom('sandboxEvents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const renewed = results.reduce((sum, r) => sum + r.renewed, 0);
    console.log(
      `renewals: ${renewed} renewed by ${PROCESSES} processes at once (${results.map((r) => r.renewed).join(' + ')}) in ${seconds.toFixed(1)} s (SQLite file, batches of 1,000 in one transaction each; load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores)`,
    );
    console.log(
      `renewals per second: ${(renewed / seconds).toFixed(0)}; ${seconds.toFixed(1)} s / ${GOAL_S} s goal: ${(seconds / GOAL_S).toFixed(2)} (goal ≤ 1)`,
    );
    console.log(
      `charges per subscription: ${(Number(charges.n) / count).toFixed(4)} (must be exactly 1); invoices ${invoices.n}, paid ${paid.n}, subscriptions with more than one: ${twice.length}`,
    );
    const rate = await deliveryRate(db);
    const perSecond = rate.sent / rate.seconds;
    const dayEvents = Math.round((Number(events.n) / Math.max(1, renewed)) * 100_000);
    const daySeconds = dayEvents / perSecond;
    console.log(
      `webhook delivery (measured apart, ${IN_FLIGHT} in flight, one process; endpoint on this machine checking signatures, ${rate.badSignatures} bad): ${rate.sent} events in ${rate.seconds.toFixed(1)} s, ${perSecond.toFixed(0)} per second; the run's ${events.n} events would take ${(Number(events.n) / perSecond).toFixed(0)} s`,
    );
    console.log(
      `webhook delivery of a 100,000-subscription day (${dayEvents} events): ${daySeconds.toFixed(0)} s / ${DELIVERY_GOAL_S} s goal: ${(daySeconds / DELIVERY_GOAL_S).toFixed(2)} (goal ≤ 1; the server's own handling of each event not included)`,
    );
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'renewal-worker' && process.argv[3]) await worker(process.argv[3]);
