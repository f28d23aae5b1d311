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
const BATCH = 50;
const LOCK = 'payment-sandbox.deliveries';

/**
 * Sends queued events to the webhook endpoint, signed as Stripe signs them, in order,
 * retrying with backoff until one answers 2xx. One process at a time sends (db.exclusive).
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
      for (const e of due) await this.send(url, e.id, e.payload, e.attempts);
      if (due.length < BATCH) return;
    }
  }

  private async send(url: string, id: string, payload: string, attempts: number): Promise<void> {
    const signature = stripeSignature(this.secret, payload, Math.floor(this.clock.now() / 1000));
    let ok = false;
    try {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload, signal: AbortSignal.timeout(10_000) });
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
