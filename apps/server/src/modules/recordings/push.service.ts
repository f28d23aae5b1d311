import type { PushKey, PushSubscriptionBody, ReminderPush } from '@pantalla/contracts';
import type { Clock } from '../../platform/clock';
import { badRequest, notFound } from '../../platform/errors';
import { endpointRefusal, type PushDestinations } from './push-destination';
import type { PushRepository } from './push.repository';
import { sendPush, type PushOutcome, type PushTarget, type VapidKeys } from './web-push';

/** Sends one message; injected so tests and the service share nothing but the contract. */
export type PushSender = (
  target: PushTarget,
  payload: unknown,
  options: Parameters<typeof sendPush>[2],
) => Promise<PushOutcome>;

/** A push service that does not answer in this long is given up on for this reminder. */
export const PUSH_TIMEOUT_MS = 10_000;
const BATCH = 200;

/** What a reminder's push says, from its row (the service worker words the minutes when shown). */
export function reminderPush(r: { id: number; channelId: number; title: string; startTime: number }): ReminderPush {
  return { kind: 'reminder', reminderId: r.id, channelId: r.channelId, title: r.title, startTime: r.startTime };
}

/** Seconds the push service may hold the message: until the programme ends, pointless after. */
export function pushTtlSeconds(endTime: number, now: number): number {
  return Math.max(0, Math.floor((endTime - now) / 1000));
}

/** Devices' Web Push subscriptions and the pushing of due reminders (issue 29). */
export class PushService {
  constructor(
    private readonly clock: Clock,
    private readonly repo: PushRepository,
    /** Null: push is not offered (production without VAPID keys). */
    private readonly keys: VapidKeys | null,
    private readonly production: boolean,
    /** Refuses internal hosts in production (SSRF): at subscription and as each send connects. */
    private readonly destinations: PushDestinations,
    private readonly send: PushSender = sendPush,
  ) {}

  key(): PushKey {
    return { publicKey: this.keys?.publicKey ?? null };
  }

  async subscribe(userId: number, profileId: number, body: PushSubscriptionBody): Promise<void> {
    if (!this.keys) throw notFound('Este servidor no envía notificaciones push.');
    if (this.production && new URL(body.endpoint).protocol !== 'https:')
      throw badRequest('El servicio de notificaciones debe usar https.');
    const refusal = await endpointRefusal(body.endpoint, this.destinations);
    if (refusal) throw badRequest(refusal);
    await this.repo.save({
      userId,
      profileId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      createdAt: this.clock.now(),
    });
  }

  async unsubscribe(userId: number, endpoint: string): Promise<void> {
    if (!(await this.repo.remove(userId, endpoint))) throw notFound('Este dispositivo no tenía avisos push.');
  }

  /**
   * Pushes due reminders to every device of their profile (of that account), each reminder once: marked before
   * sending, so a crash or restart loses a push rather than doubling it. A 404/410 removes the
   * device's subscription (RFC 8030 §7.3: it expired or was withdrawn).
   */
  async pushDue(): Promise<number> {
    const keys = this.keys;
    if (!keys) return 0;
    let sent = 0;
    for (;;) {
      const now = this.clock.now();
      const rows = await this.repo.toPush(now, BATCH);
      if (rows.length === 0) return sent;
      await this.repo.markPushed(rows.map((r) => r.id));
      const devices = await this.repo.ofProfiles(rows.map((r) => r.profileId));
      const gone = new Set<number>();
      for (const r of rows) {
        const targets = devices.filter((d) => d.userId === r.userId && d.profileId === r.profileId && !gone.has(d.id));
        const outcomes = await Promise.all(
          targets.map((d) =>
            this.send(d, reminderPush(r), {
              keys,
              nowMs: now,
              ttlSeconds: pushTtlSeconds(r.endTime, now),
              timeoutMs: PUSH_TIMEOUT_MS,
              lookup: this.destinations.lookup,
            }).then((o) => ({ device: d, ...o })),
          ),
        );
        for (const o of outcomes) {
          if (o.status === 404 || o.status === 410) {
            gone.add(o.device.id);
            await this.repo.removeById(o.device.id);
          } else if (o.status >= 200 && o.status < 300) sent += 1;
        }
      }
    }
  }
}
