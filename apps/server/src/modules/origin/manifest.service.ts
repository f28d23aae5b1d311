import { buildCatchupMpd, buildLiveMpd, buildRestartMpd, buildVodMpd, type ClipManifest, type MpdUrls } from '@pantalla/media';
import { badRequest, notFound } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import type { MediaConfig } from '../../platform/config';
import type { PlayableChannel, Playables } from '../catalogue';
import { trailerClipKey } from './media-setup';
import type { MediaStore } from './media-store';
import { parseStreamKey, streamKeyName } from './stream-keys';
import { CATCHUP_MESSAGES, channelTimelineStart, checkCatchup } from './windows';

/** Window of a channel without time-shift: a short live edge only. */
export const NO_TSTV_WINDOW_SECONDS = 60;

/**
 * How often players refresh a live or restart MPD: each refresh asks again whether the session
 * is open and what airs now may be watched, so a lost right stops the picture within it.
 */
export const LIVE_REFRESH_SECONDS = 8;

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

  /** A clip as served under a channel's or title's own key: its segments re-keyed, its MPD naming that key id. */
  private async streamClip(clipKey: string, streamKey: string): Promise<ClipManifest> {
    const clip = await this.media.manifest(clipKey);
    return { ...clip, kid: this.media.key(streamKey).kid };
  }

  /** The clip a stream key's channel, film or episode plays; 404 when it names nothing. */
  async clipOfStream(streamKey: string): Promise<string | null> {
    const named = parseStreamKey(streamKey);
    if (!named) return null;
    const found =
      named.kind === 'channel' ? await this.content.channel(named.id)
      : named.kind === 'film' ? await this.content.film(named.id)
      : await this.content.episode(named.id);
    if (!found || ('streamSource' in found && found.streamSource !== 'origin')) throw notFound('No existe ese contenido.');
    return found.clipKey;
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
    const key = streamKeyName('channel', channel.id);
    const clip = await this.streamClip(channel.clipKey, key);
    const body = buildLiveMpd({
      clip,
      nowMs: this.clock.now(),
      channelStartMs: channelTimelineStart(),
      urls: this.urls(key, this.licenseUrl(sessionId), sessionId),
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
    const key = streamKeyName('channel', channel.id);
    const clip = await this.streamClip(channel.clipKey, key);
    const body = buildRestartMpd({
      clip,
      nowMs: now,
      channelStartMs: channelTimelineStart(),
      programmeStartMs: Math.max(event.startTime, channelTimelineStart()),
      urls: this.urls(key, this.licenseUrl(sessionId), sessionId),
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
    const key = streamKeyName('channel', channel.id);
    const clip = await this.streamClip(channel.clipKey, key);
    const body = buildCatchupMpd({
      clip,
      channelStartMs: channelTimelineStart(),
      programmeStartMs: event.startTime,
      programmeEndMs: event.endTime,
      nowMs: now,
      // The manifest test has no session: its MPD names the licence route without one.
      urls: this.urls(key, sessionId ? this.licenseUrl(sessionId) : `${this.cfg.baseUrl}/api/v1/drm/clearkey`, sessionId),
    });
    return { body, dynamic: false };
  }

  async title(kind: 'vod' | 'episode', id: number, sessionId: string): Promise<BuiltManifest> {
    const title = kind === 'vod' ? await this.content.film(id) : await this.content.episode(id);
    if (!title) throw notFound(kind === 'vod' ? 'No existe esa película.' : 'No existe ese episodio.');
    const key = streamKeyName(kind === 'vod' ? 'film' : 'episode', id);
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

  private vod(clip: ClipManifest, key: string, durationSeconds: number, licenseUrl: string, sessionId: string | null): string {
    if (!(durationSeconds > 0)) throw notFound('Este título no tiene duración en el catálogo.');
    return buildVodMpd({ clip, durationSeconds, urls: this.urls(key, licenseUrl, sessionId) });
  }
}
