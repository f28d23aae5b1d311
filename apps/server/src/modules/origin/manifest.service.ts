import {
  buildCatchupMpd,
  buildLiveMpd,
  buildRestartMpd,
  buildVodMpd,
  segmentNumberAt,
  TIME_SHIFT_DEPTH_SECONDS,
  type ClipManifest,
  type KeyPeriodOptions,
  type MpdUrls,
} from '@pantalla/media';
import { badRequest, notFound } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import type { MediaConfig } from '../../platform/config';
import type { PlayableChannel, Playables } from '../catalogue';
import { trailerClipKey } from './media-setup';
import type { KeyRotation } from './key-rotation';
import { MAX_SEGMENT_NUMBER, type MediaStore } from './media-store';
import {
  channelPeriodKey,
  KEY_PERIOD_ANNOUNCE_SECONDS,
  parseStreamKey,
  periodSegments,
  periodServed,
  recordingKey,
} from './stream-keys';
import { CATCHUP_MESSAGES, channelTimelineStart, checkCatchup } from './windows';

/** Window of a channel without time-shift: a short live edge only. */
export const NO_TSTV_WINDOW_SECONDS = 60;

/**
 * How often players refresh a live or restart MPD: each refresh asks again whether the session
 * is open and what airs now may be watched, so a lost right stops the picture within it.
 */
export const LIVE_REFRESH_SECONDS = 8;

/** What a segment path's key name serves: the clip it re-keys, and the timeline segments it may serve. */
export interface StreamSource {
  clipKey: string;
  first: number;
  last: number;
}

/** A subscriber's recording as the origin serves it: its channel and its programme's span (epoch ms). */
export interface RecordingSpan {
  channelId: number;
  startTime: number;
  endTime: number;
}

/** The recordings the origin serves past the catch-up window: undefined once deleted (or expired), or not yet ended. */
export interface RecordingSpans {
  span(recordingId: number): Promise<RecordingSpan | undefined>;
}

/** A built manifest and whether it changes over time (dynamic) or not. */
export interface BuiltManifest {
  body: string;
  dynamic: boolean;
}

/** Builds every MPD the origin serves from the catalogue, the clips and the clock. */
export class ManifestService {
  constructor(
    private readonly cfg: MediaConfig,
    private readonly content: Playables,
    private readonly media: MediaStore,
    private readonly clock: Clock,
    /** The segment token of a stream session (segment-token.ts), fresh for each manifest. */
    private readonly segmentToken: (sessionId: string) => string,
    /** Which key each stream is under now (key periods, generations). */
    private readonly keys: KeyRotation,
    /** Recordings' spans (issue 29): their media is served while they exist, whatever the catch-up window. */
    private readonly recordings: RecordingSpans,
  ) {}

  /**
   * A session's segments, init segments and sheets sit under its token (`/media/a/{token}/s/`),
   * which names the session and an expiry, never the key; the bytes after `/s/` are the same for
   * every viewer, so a CDN keys its cache on that part. Without a session (trailers, the manifest
   * test) the open `/media/s/` path, which serves trailers only.
   */
  private urls(key: string, licenseUrl: string, sessionId: string | null): MpdUrls {
    const prefix = sessionId ? `/media/a/${this.segmentToken(sessionId)}` : '/media';
    return { baseUrl: `${this.cfg.baseUrl}${prefix}/s/${key}/`, licenseUrl };
  }

  /** A clip as served under a title's or programme's key: its segments re-keyed, its MPD naming that key id. */
  private async streamClip(clipKey: string, streamKey: string): Promise<ClipManifest> {
    const clip = await this.media.manifest(clipKey);
    return { ...clip, kid: this.media.key(streamKey).kid };
  }

  /**
   * A channel's key periods for a dynamic MPD: period k's key id and its BaseURL
   * ('…/s/channel-12.p{k}/'), so each hour's segments are fetched, and re-keyed, under its own key.
   */
  private keyPeriods(channelId: number, licenseUrl: string, sessionId: string): KeyPeriodOptions {
    return {
      seconds: this.keys.periodSeconds,
      announceSeconds: KEY_PERIOD_ANNOUNCE_SECONDS,
      key: (index) => {
        const name = channelPeriodKey(channelId, index);
        return { kid: this.media.key(name).kid, baseUrl: this.urls(name, licenseUrl, sessionId).baseUrl ?? '' };
      },
    };
  }

  /**
   * What a segment path's key serves; null when it names no channel, title or programme (a
   * trailer's or clip's key), 404 when it names one that is not served under it now: a key
   * period outside the deepest window, a generation the operator has rotated away from, a
   * programme out of catch-up. Each key serves only its own segments: a period's hour, a
   * programme's window, so an old key opens nothing new.
   */
  async streamOf(streamKey: string): Promise<StreamSource | null> {
    const named = parseStreamKey(streamKey);
    if (!named) return null;
    const gone = () => notFound('Esa clave ya no sirve este contenido.');
    const d = (clip: string) => this.media.manifest(clip).then((m) => m.segmentDurationSeconds);
    if (named.kind === 'channel') {
      const channel = await this.originChannel(named.id);
      if (!periodServed(named.period, this.keys.timelineSeconds(), TIME_SHIFT_DEPTH_SECONDS, this.keys.periodSeconds))
        throw gone();
      return {
        clipKey: channel.clipKey,
        ...periodSegments(named.period, this.keys.periodSeconds, await d(channel.clipKey)),
      };
    }
    if (named.kind === 'recording') {
      const { channel, span } = await this.recordingOf(named.id, gone);
      const duration = await d(channel.clipKey);
      const from = (span.startTime - channelTimelineStart()) / 1000;
      const to = (span.endTime - channelTimelineStart()) / 1000;
      return { clipKey: channel.clipKey, first: segmentNumberAt(from, duration), last: Math.ceil(to / duration) };
    }
    if ((await this.keys.generation(named.kind, named.id)) !== named.generation) throw gone();
    if (named.kind === 'programme') {
      const event = await this.content.event(named.id);
      if (!event) throw notFound('No existe ese programa.');
      const channel = await this.originChannel(event.channelId);
      if (checkCatchup(channel, event, this.clock.now()) !== 'ok') throw gone();
      const duration = await d(channel.clipKey);
      const from = (event.startTime - channelTimelineStart()) / 1000;
      const to = (event.endTime - channelTimelineStart()) / 1000;
      return { clipKey: channel.clipKey, first: segmentNumberAt(from, duration), last: Math.ceil(to / duration) };
    }
    const title = named.kind === 'film' ? await this.content.film(named.id) : await this.content.episode(named.id);
    if (!title) throw notFound('No existe ese contenido.');
    return { clipKey: title.clipKey, first: 1, last: MAX_SEGMENT_NUMBER };
  }

  /** Licence URL of a stream session (the player may also take it from the session answer). */
  licenseUrl(sessionId: string): string {
    return `${this.cfg.baseUrl}/api/v1/drm/clearkey/${encodeURIComponent(sessionId)}`;
  }

  private utcTiming() {
    return { scheme: 'http-iso' as const, url: `${this.cfg.baseUrl}/media/time` };
  }

  private async originChannel(channelId: number): Promise<PlayableChannel> {
    const channel = await this.content.channel(channelId);
    if (!channel) throw notFound('No existe ese canal.');
    if (channel.streamSource !== 'origin') throw notFound('Este canal se emite desde una fuente externa.');
    return channel;
  }

  async live(channelId: number, sessionId: string): Promise<BuiltManifest> {
    const channel = await this.originChannel(channelId);
    const licenseUrl = this.licenseUrl(sessionId);
    const body = buildLiveMpd({
      clip: await this.media.manifest(channel.clipKey),
      nowMs: this.clock.now(),
      channelStartMs: channelTimelineStart(),
      urls: { licenseUrl },
      keyPeriods: this.keyPeriods(channel.id, licenseUrl, sessionId),
      utcTiming: this.utcTiming(),
      minimumUpdatePeriodSeconds: LIVE_REFRESH_SECONDS,
      timeShiftBufferDepthSeconds: channel.tstv === 1 ? undefined : NO_TSTV_WINDOW_SECONDS,
    });
    return { body, dynamic: true };
  }

  async restart(eventId: number, sessionId: string): Promise<BuiltManifest> {
    const event = await this.content.event(eventId);
    if (!event) throw notFound('No existe ese programa.');
    const channel = await this.originChannel(event.channelId);
    if (channel.tstv !== 1) throw badRequest('Este canal no permite ver desde el principio.');
    const now = this.clock.now();
    if (event.startTime > now) throw badRequest('El programa aún no ha empezado.');
    const licenseUrl = this.licenseUrl(sessionId);
    const body = buildRestartMpd({
      clip: await this.media.manifest(channel.clipKey),
      nowMs: now,
      channelStartMs: channelTimelineStart(),
      programmeStartMs: Math.max(event.startTime, channelTimelineStart()),
      urls: { licenseUrl },
      keyPeriods: this.keyPeriods(channel.id, licenseUrl, sessionId),
      utcTiming: this.utcTiming(),
      minimumUpdatePeriodSeconds: LIVE_REFRESH_SECONDS,
    });
    return { body, dynamic: true };
  }

  async catchup(eventId: number, sessionId: string | null): Promise<BuiltManifest> {
    const event = await this.content.event(eventId);
    if (!event) throw notFound('No existe ese programa.');
    const channel = await this.originChannel(event.channelId);
    const now = this.clock.now();
    const check = checkCatchup(channel, event, now);
    if (check !== 'ok') throw badRequest(CATCHUP_MESSAGES[check]);
    // A key per programme (not the channel's hours): its licence opens this programme and nothing around it.
    const key = await this.keys.currentKey('programme', event.id);
    const clip = await this.streamClip(channel.clipKey, key);
    const body = buildCatchupMpd({
      clip,
      channelStartMs: channelTimelineStart(),
      programmeStartMs: event.startTime,
      programmeEndMs: event.endTime,
      nowMs: now,
      // The manifest test has no session: its MPD names the licence route without one.
      urls: this.urls(
        key,
        sessionId ? this.licenseUrl(sessionId) : `${this.cfg.baseUrl}/api/v1/drm/clearkey`,
        sessionId,
      ),
    });
    return { body, dynamic: false };
  }

  /** A recording's span on its channel, while the recording exists; `gone` otherwise. */
  private async recordingOf(recordingId: number, gone: () => Error) {
    const span = await this.recordings.span(recordingId);
    if (!span || span.endTime > this.clock.now() || span.startTime < channelTimelineStart()) throw gone();
    return { channel: await this.originChannel(span.channelId), span };
  }

  /**
   * A subscriber's recording (issue 29): its programme's span of the channel's timeline under a
   * key of its own, past the channel's catch-up window, while the recording exists. Who may
   * watch it (owner, package, PIN) the gate has said before.
   */
  async recording(recordingId: number, sessionId: string): Promise<BuiltManifest> {
    const { channel, span } = await this.recordingOf(recordingId, () => notFound('No existe esa grabación.'));
    const key = recordingKey(recordingId);
    const clip = await this.streamClip(channel.clipKey, key);
    const body = buildCatchupMpd({
      clip,
      channelStartMs: channelTimelineStart(),
      programmeStartMs: span.startTime,
      programmeEndMs: span.endTime,
      nowMs: this.clock.now(),
      urls: this.urls(key, this.licenseUrl(sessionId), sessionId),
    });
    return { body, dynamic: false };
  }

  async title(kind: 'vod' | 'episode', id: number, sessionId: string): Promise<BuiltManifest> {
    const title = kind === 'vod' ? await this.content.film(id) : await this.content.episode(id);
    if (!title) throw notFound(kind === 'vod' ? 'No existe esa película.' : 'No existe ese episodio.');
    const key = await this.keys.currentKey(kind === 'vod' ? 'film' : 'episode', id);
    const clip = await this.streamClip(title.clipKey, key);
    return { body: this.vod(clip, key, title.runtimeSeconds, this.licenseUrl(sessionId), sessionId), dynamic: false };
  }

  /** A trailer: its own short clip, under its own key, for any signed-in user. */
  async trailer(clipKey: string): Promise<BuiltManifest> {
    const key = trailerClipKey(clipKey);
    if (key === clipKey || !this.media.isClip(key)) throw notFound(`No existe el tráiler ${clipKey}.`);
    const clip = await this.media.manifest(key);
    const licenseUrl = `${this.cfg.baseUrl}/api/v1/drm/clearkey/trailers/${encodeURIComponent(key)}`;
    return { body: this.vod(clip, key, clip.durationSeconds, licenseUrl, null), dynamic: false };
  }

  private vod(
    clip: ClipManifest,
    key: string,
    durationSeconds: number,
    licenseUrl: string,
    sessionId: string | null,
  ): string {
    if (!(durationSeconds > 0)) throw notFound('Este título no tiene duración en el catálogo.');
    return buildVodMpd({ clip, durationSeconds, urls: this.urls(key, licenseUrl, sessionId) });
  }
}
