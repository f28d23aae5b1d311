// Purchases through the payment sandbox: each buyer starts a purchase (the server creates the
// payment at the provider), pays with 4242 in the sandbox as the card field does, and asks the
// server to confirm (it retrieves the payment from the provider and fulfils once). Prints
// purchases per second and the confirmation path's latency, with the p99 against its ceiling.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signIdToken } from '../../apps/server/src/modules/identity/testing';
import { BENCH_SECRET } from './shared';
import { runRenewalBench } from './renewal';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The confirmation's p99 goal: well inside what a person waits for after paying. */
const CONFIRM_P99_CEILING_MS = 250;

interface Child {
  port: number;
  publishableKey: string;
  userIds: number[];
  stop(): void;
}

function startServer(buyers: number): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'serve.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_BUYERS: String(buyers) },
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ ...(JSON.parse(line) as Omit<Child, 'stop'>), stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`commerce bench server exited (${code})`)));
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function post(url: string, headers: Record<string, string>, body: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, { method: 'POST', headers, body });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** One buyer's purchase; returns the confirmation's latency (ms). */
async function buy(base: string, child: Child, userId: number, productId: number): Promise<number> {
  const iat = Math.floor(Date.now() / 1000);
  const auth = {
    authorization: `Bearer ${signIdToken(BENCH_SECRET, { sub: userId, email: `buyer@bench.test`, ver: 0, iat, exp: iat + 3600 })}`,
    'content-type': 'application/json',
  };
  const started = (await post(
    `${base}/api/v1/purchases`,
    auth,
    JSON.stringify({ productId, holderName: 'Bench Buyer' }),
  )) as { purchaseId: string; clientSecret: string };
  const id = started.clientSecret.split('_secret_')[0] ?? '';
  const card = new URLSearchParams({
    client_secret: started.clientSecret,
    'payment_method_data[card][number]': '4242424242424242',
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': '34',
    'payment_method_data[card][cvc]': '123',
  });
  await post(
    `${base}/v1/payment_intents/${id}/confirm`,
    { authorization: `Bearer ${child.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    card.toString(),
  );
  const t0 = performance.now();
  const confirmed = (await post(
    `${base}/api/v1/purchases/${started.purchaseId}/confirm`,
    { authorization: auth.authorization },
    '',
  )) as { status: string };
  const elapsed = performance.now() - t0;
  if (confirmed.status !== 'fulfilled') throw new Error(`purchase ${started.purchaseId} ${confirmed.status}`);
  return elapsed;
}

export async function runCommerceBench(): Promise<void> {
  const buyers = Number(process.env.BENCH_COMMERCE_BUYERS ?? (process.env.BENCH_QUICK === '1' ? 40 : 200));
  const concurrency = Number(process.env.BENCH_COMMERCE_CONCURRENCY ?? 8);
  const child = await startServer(buyers);
  const base = `http://127.0.0.1:${child.port}`;
  try {
    // Warm-up: one purchase of another package, so the first measured one pays no cold start.
    await buy(base, child, child.userIds[0] ?? 0, 3);
    const latencies: number[] = [];
    const queue = [...child.userIds];
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let userId = queue.shift(); userId !== undefined; userId = queue.shift())
          latencies.push(await buy(base, child, userId, 2));
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const sorted = [...latencies].sort((a, b) => a - b);
    const p99 = percentile(sorted, 99);
    console.log(
      `purchases: ${latencies.length} by ${concurrency} buyers at once in ${seconds.toFixed(1)} s (SQLite, one process, the sandbox in it)`,
    );
    console.log(
      `purchases per second: ${(latencies.length / seconds).toFixed(1)} (start, card payment at the sandbox, confirmation)`,
    );
    console.log(
      `confirmation (provider retrieval + fulfilment): p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
    );
    console.log(
      `confirmation p99 / ${CONFIRM_P99_CEILING_MS} ms ceiling: ${(p99 / CONFIRM_P99_CEILING_MS).toFixed(2)} (goal ≤ 1)`,
    );
  } finally {
    child.stop();
  }
  // The renewal run: a day's subscriptions renewed through the sandbox by two processes at once.
  await runRenewalBench();
}
