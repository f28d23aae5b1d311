import type { DueReminders, Reminder, ReminderCreate, ReminderPage } from '@pantalla/contracts';
import type { Clock } from '../../platform/clock';
import { conflict, notFound } from '../../platform/errors';
import { kidsRefused, type PlayableChannel, type RecordableGuide } from '../catalogue';
import type { ProfileKey } from './recordings.repository';
import type { RemindersRepository } from './reminders.repository';
import { decodePosition, encodePosition, kidsMayHave, type RecordingsOwner } from './recordings.service';
import type { RecordingReminderRow } from './tables';
import { remindAt } from './timing';

/** Mails a subscriber (identity's mailer, in the account's address). */
export type MailUser = (userId: number, subject: string, text: string) => Promise<void>;

const DUE_MAX = 20;

const toReminder = (r: RecordingReminderRow): Reminder => ({
  id: r.id,
  eventId: r.eventId,
  channelId: r.channelId,
  title: r.title,
  startTime: r.startTime,
  minutesBefore: r.minutesBefore,
  remindAt: r.remindAt,
  mail: r.mail === 1,
});

/** Reminders of future programmes: set, listed, removed, read when due by the app, mailed once when asked. */
export class RemindersService {
  constructor(
    private readonly clock: Clock,
    private readonly repo: RemindersRepository,
    private readonly guide: RecordableGuide,
    private readonly channel: (id: number) => Promise<PlayableChannel | undefined>,
    private readonly mailUser: MailUser,
  ) {}

  async set(owner: RecordingsOwner, body: ReminderCreate): Promise<Reminder> {
    const p = await this.guide.programme(body.eventId);
    if (!p) throw notFound('Programa no encontrado.');
    // A kids profile is never reminded of what it may not watch.
    if (owner.kids !== null && !kidsMayHave(owner.kids, p, await this.channel(p.channelId))) throw kidsRefused();
    if (p.startTime <= this.clock.now()) throw conflict('El programa ya ha empezado: no se le puede poner un aviso.');
    const row = await this.repo.upsert({
      userId: owner.userId,
      profileId: owner.profileId,
      eventId: p.id,
      channelId: p.channelId,
      title: p.title,
      startTime: p.startTime,
      endTime: p.endTime,
      minutesBefore: body.minutesBefore,
      remindAt: remindAt(p.startTime, body.minutesBefore),
      mail: body.mail ? 1 : 0,
      seen: 0,
      mailed: 0,
      pushed: 0,
      createdAt: this.clock.now(),
    });
    return toReminder(row);
  }

  async page(who: ProfileKey, cursor: string | undefined, limit: number): Promise<ReminderPage> {
    const rows = await this.repo.page(who, this.clock.now(), decodePosition(cursor), limit + 1);
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return {
      items: items.map(toReminder),
      nextCursor: rows.length > limit && last ? encodePosition({ at: last.remindAt, id: last.id }) : null,
    };
  }

  async due(who: ProfileKey): Promise<DueReminders> {
    return { items: (await this.repo.due(who, this.clock.now(), DUE_MAX)).map(toReminder) };
  }

  async seen(who: ProfileKey, id: number): Promise<void> {
    if (!(await this.repo.markSeen(who, id))) throw notFound('Aviso no encontrado.');
  }

  async remove(who: ProfileKey, id: number): Promise<void> {
    if (!(await this.repo.remove(who, id))) throw notFound('Aviso no encontrado.');
  }

  /** Mails due reminders that asked for it, each once: marked before sending, so a crash loses a mail rather than doubling it. */
  async mailDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const rows = await this.repo.toMail(this.clock.now(), 200);
      if (rows.length === 0) return sent;
      await this.repo.markMailed(rows.map((r) => r.id));
      for (const r of rows) {
        const minutes = Math.max(0, Math.round((r.startTime - this.clock.now()) / 60_000));
        await this.mailUser(
          r.userId,
          `Empieza ${r.title}`,
          minutes > 0 ? `«${r.title}» empieza dentro de ${minutes} min.` : `«${r.title}» empieza ahora.`,
        ).catch(() => undefined);
        sent += 1;
      }
    }
  }
}
