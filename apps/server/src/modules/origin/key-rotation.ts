/**
 * Which key a stream is under now: a channel's key period from the clock, a title's or
 * programme's generation from the table (bumped by the operator). Generations are read through
 * a short cache that a bump makes every process forget (the bus), so the old key stops
 * decrypting anything the origin serves within moments of the bump.
 */
import { keyPeriodAt, TIME_SHIFT_DEPTH_SECONDS } from '@pantalla/media';
import type { Cache, CacheRegistry } from '../../platform/cache';
import type { Clock } from '../../platform/clock';
import { notFound } from '../../platform/errors';
import type { Playables } from '../catalogue';
import type { KeyGenerationsRepository } from './key-generations.repository';
import {
  channelPeriodKey,
  generationKey,
  livePeriodsAllowed,
  recordingKey,
  streamKeyName,
  type GenerationKind,
} from './stream-keys';
import { channelTimelineStart } from './windows';

/** The cache of generations; a bump forgets its entry in every process at once. */
export const GENERATIONS_CACHE = 'origin.key-generations';
/** Backstop when a process misses the bus: a generation read is trusted this long at most. */
export const GENERATION_RECHECK_MS = 10_000;
/**
 * How far back a channel without time-shift gives keys: its MPD's 60 s window and as much
 * again, so a Period an MPD still named a moment ago is not refused (Shaka asks for every key
 * id it reads, and a refused one fails the stream). With time-shift: the 120 min the origin
 * keeps, 5 min more than the MPD's window.
 */
const NO_TSTV_KEY_WINDOW_SECONDS = 120;

/** What a stream session's licence may unlock: a channel (live and restart), or a title or programme. */
export type KeyTarget =
  | { kind: 'channel'; id: number; timeShift: boolean }
  | { kind: GenerationKind; id: number }
  | { kind: 'recording'; id: number };

/** A rotation's outcome, as the admin route and the command say it. */
export interface RotatedKey {
  kind: GenerationKind;
  id: number;
  generation: number;
  /** The new key name ('film-3.g2'); the MPD names its key id from now on. */
  keyName: string;
}

/** Current key names of channels, titles and programmes, and the operator's rotation. */
export class KeyRotation {
  private readonly generations: Cache<string, number>;

  constructor(
    private readonly repo: KeyGenerationsRepository,
    private readonly caches: CacheRegistry,
    private readonly clock: Clock,
    private readonly content: Playables,
    /** MEDIA_KEY_PERIOD_SECONDS: an hour. */
    readonly periodSeconds: number,
  ) {
    this.generations = caches.create(GENERATIONS_CACHE, { max: 8192, ttlMs: GENERATION_RECHECK_MS });
  }

  /** The generation a title or programme is served under now. */
  generation(kind: GenerationKind, id: number): Promise<number> {
    return this.generations.get(streamKeyName(kind, id), () => this.repo.current(kind, id));
  }

  /** The key name a title or programme is served under now: 'film-3.g2'. */
  async currentKey(kind: GenerationKind, id: number): Promise<string> {
    return generationKey(kind, id, await this.generation(kind, id));
  }

  /** The key a channel's live picture is under at `nowMs`: its current key period's ('channel-12.p7'). */
  channelKey(channelId: number, nowMs = this.clock.now()): string {
    return channelPeriodKey(channelId, keyPeriodAt(this.timelineSeconds(nowMs), this.periodSeconds).index);
  }

  /** Seconds since the channel timeline's start (key periods count from there). */
  timelineSeconds(nowMs = this.clock.now()): number {
    return (nowMs - channelTimelineStart()) / 1000;
  }

  /**
   * The keys a session may hold now: a channel's key periods in its window (time-shift depth
   * back, never one starting more than a few seconds ahead), or a title's or programme's
   * current generation (never an old one).
   */
  async allowedKeys(target: KeyTarget): Promise<string[]> {
    if (target.kind === 'recording') return [recordingKey(target.id)];
    if (target.kind !== 'channel') return [await this.currentKey(target.kind, target.id)];
    const window = target.timeShift ? TIME_SHIFT_DEPTH_SECONDS : NO_TSTV_KEY_WINDOW_SECONDS;
    const now = this.timelineSeconds();
    if (now < 0) return [];
    return livePeriodsAllowed(now, window, this.periodSeconds).map((p) => channelPeriodKey(target.id, p.index));
  }

  /**
   * Moves a film's, episode's or programme's key on a generation: from now on its MPD names
   * the new key id and the origin serves its segments only under the new key. 404 when the
   * title or programme does not exist.
   */
  async rotate(kind: GenerationKind, id: number): Promise<RotatedKey> {
    const exists =
      kind === 'film'
        ? await this.content.film(id)
        : kind === 'episode'
          ? await this.content.episode(id)
          : await this.content.event(id);
    if (!exists)
      throw notFound(
        kind === 'film'
          ? 'No existe esa película.'
          : kind === 'episode'
            ? 'No existe ese episodio.'
            : 'No existe ese programa.',
      );
    const generation = await this.repo.bump(kind, id, this.clock.now());
    await this.caches.forget(GENERATIONS_CACHE, streamKeyName(kind, id));
    return { kind, id, generation, keyName: generationKey(kind, id, generation) };
  }
}
