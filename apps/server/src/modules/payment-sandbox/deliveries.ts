import { createHmac } from 'node:crypto';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/database';
import type { Log } from '../../platform/logging';
import type { SandboxRepository } from './sandbox.repository';

/** The Stripe-Signature header of a payload at `timestamp` (epoch seconds): t=...,v1=HMAC-SHA256(secret, "t.payload"). */
export function stripeSignature(secret: string, payload: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** Wait before the next delivery after `attempts` failed ones: 1 s doubling up to an hour (Stripe retries for days). */
export function retryDelayMs(attempts: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** Attempts after which an event is given up on (about half a day of backoff). */
export const MAX_ATTEMPTS = 24;
const BATCH = 200;
/**
 * Requests in flight at once. One at a time reached 71–167 events/s (a 100,000-subscription
 * renewal day's 200,000 events took 20–45 minutes, its subscribers waiting on invoice.paid);
 * the webhook's work is mostly waiting on the database, so a few dozen overlap well without
 * flooding a 2-core server or its connection pool.
 */
export const IN_FLIGHT = 24;
const LOCK = 'payment-sandbox.deliveries';

/**
 * The customer an event is about (invoice, payment intent, subscription, setup intent all name
 * one): its events go one after another, in the order they were queued, because the server's
 * handling of one subscription's invoice.paid and customer.subscription.updated reads and then
 * writes the same purchase (a concurrent pair could grant past an end written meanwhile).
 */
export function orderKey(payload: string, id: string): string {
  try {
    const parsed: unknown = JSON.parse(payload);
    const object = (parsed as { data?: { object?: { customer?: unknown; id?: unknown } } }).data?.object;
    const customer = object?.customer;
    if (typeof customer === 'string' && customer) return customer;
    if (typeof object?.id === 'string' && object.id.startsWith('cus_')) return object.id;
  } catch {
    // An unreadable payload is sent on its own; the endpoint refuses it.
  }
  return id;
}

/**
 * Sends queued events to the webhook endpoint, signed as Stripe signs them, retrying with
 * backoff until one answers 2xx. Each batch is sent IN_FLIGHT at a time (Stripe does not order
 * events either), one customer's events in order. One process at a time sends (db.exclusive).
 */
export class Deliveries {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly repo: SandboxRepository,
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly secret: string,
    private readonly endpoint: () => string | undefined,
    private readonly log: Log,
  ) {}

  /** Sends what is due; a call while sending makes the running round look again when done. */
  kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.db.exclusive(LOCK, () => this.sendDue());
        } while (this.again);
      } catch (error) {
        this.log.warn({ err: error }, 'payment sandbox: event delivery round failed');
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async sendDue(): Promise<void> {
    const url = this.endpoint();
    if (!url) return;
    for (;;) {
      const due = await this.repo.dueEvents(this.clock.now(), BATCH);
      const chains = new Map<string, typeof due>();
      for (const e of due) {
        const key = orderKey(e.payload, e.id);
        const chain = chains.get(key);
        if (chain) chain.push(e);
        else chains.set(key, [e]);
      }
      await inParallel([...chains.values()], IN_FLIGHT, async (chain) => {
        for (const e of chain) await this.send(url, e.id, e.payload, e.attempts);
      });
      if (due.length < BATCH) return;
    }
  }

  private async send(url: string, id: string, payload: string, attempts: number): Promise<void> {
    const signature = stripeSignature(this.secret, payload, Math.floor(this.clock.now() / 1000));
    let ok = false;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      ok = response.ok;
      await response.body?.cancel();
    } catch (error) {
      this.log.info({ err: error, event: id }, 'payment sandbox: webhook unreachable, will retry');
    }
    const tries = attempts + 1;
    if (ok) return this.repo.delivered(id, tries, this.clock.now());
    await this.repo.retryLater(id, tries, tries >= MAX_ATTEMPTS ? null : this.clock.now() + retryDelayMs(tries));
  }
}

/** Runs `work` on every item, at most `limit` at once. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
