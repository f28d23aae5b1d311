import type shakaNamespace from 'shaka-player';
import { PLAYER } from '../lib/constants';
import { drmConfig, drmTypeOf, playerConfig, deploymentDrm, type SessionDrm } from '../lib/shaka-config';
import {
  angleKey,
  angleOptions,
  audioKey,
  audioOptions,
  QUALITY_AUTO,
  qualityOptions,
  textOptions,
  TRACK_OFF,
  type TrackOption,
} from '../lib/tracks';
import { ThroughputMeter } from '../lib/throughput';
import { withSegmentToken } from '../lib/segment-token';
import { licenceRefusalOf } from '../lib/errors';
import type { QoeSignal } from '../qoe/view-metrics';

export { QUALITY_AUTO, TRACK_OFF, type TrackOption };

type Shaka = typeof shakaNamespace;
type ShakaPlayer = InstanceType<Shaka['Player']>;
type PreloadManager = NonNullable<Awaited<ReturnType<ShakaPlayer['preload']>>>;
type ShakaError = { code: number; category?: number; severity?: number; message?: string; data?: unknown[] };

/** A preloaded stream older than this is fetched afresh: its signed URL would expire sooner. */
export const PRELOAD_MAX_AGE_MS = 5 * 60_000;
/** Shaka's LOAD_INTERRUPTED: a load replaced by the next (a zap), not a failure. */
const LOAD_INTERRUPTED = 7000;
/** A QoE signal as the adapter emits it; the recorder stamps the time. */
type QoeSignalNow = QoeSignal extends infer S ? (S extends unknown ? Omit<S, 'at'> : never) : never;
/** Our ClearKey licence server; its URL names the stream session. */
const CLEARKEY_LICENCE_PATH = /\/api\/v1\/drm\/clearkey\//;

/** Loads Shaka once, in the player's own chunk. */
let shakaPromise: Promise<Shaka> | null = null;
export function loadShaka(): Promise<Shaka> {
  shakaPromise ??= import('shaka-player').then(({ default: shaka }) => {
    shaka.polyfill.installAll();
    return shaka;
  });
  return shakaPromise;
}

/** What React renders; replaced (never mutated) on every change. */
export interface PlayerSnapshot {
  status: 'loading' | 'playing' | 'paused';
  buffering: boolean;
  currentTime: number;
  seekStart: number;
  seekEnd: number;
  isLive: boolean;
  /** Wall-clock ms of presentation time 0 for live streams; null for VOD. */
  presentationStartMs: number | null;
  volume: number;
  muted: boolean;
  audio: TrackOption[];
  text: TrackOption[];
  /** Auto (id '0') first, then the renditions, highest first. */
  quality: TrackOption[];
  /** Camera angles; the menu hides unless there are several. */
  angles: TrackOption[];
  /** Shaka's estimate, bits per second. */
  bandwidth: number;
}

export const INITIAL_SNAPSHOT: PlayerSnapshot = {
  status: 'loading',
  buffering: true,
  currentTime: 0,
  seekStart: 0,
  seekEnd: 0,
  isLive: false,
  presentationStartMs: null,
  volume: 1,
  muted: false,
  audio: [],
  text: [],
  quality: [],
  angles: [],
  bandwidth: 0,
};

export interface Thumbnail {
  url: string;
  /** Sprite offsets and tile size (px), scaled by the caller. */
  x: number;
  y: number;
  width: number;
  height: number;
  sheetWidth: number;
  sheetHeight: number;
}

export interface LoadRequest {
  url: string;
  drm: SessionDrm | null;
  /** Seconds; null plays live at the live edge (or VOD from 0). */
  startTime: number | null;
  /** The key a preload of this stream was made under (a zapping neighbour); used when fresh. */
  preloadKey?: string;
}

export interface AdapterOptions {
  /** The idToken at request time, for the licence server's Authorization header. */
  getIdToken: () => string | null;
  onError: (error: ShakaError) => void;
  userAgent?: string;
  env?: Record<string, unknown>;
}

/**
 * The one adapter around Shaka Player: attach, configure, load, unload and every listener,
 * released on destroy. React follows its snapshot.
 */
export class ShakaAdapter {
  private player: ShakaPlayer | null = null;
  private shaka: Shaka | null = null;
  private snapshot: PlayerSnapshot = INITIAL_SNAPSHOT;
  private readonly throughput = new ThroughputMeter();
  private readonly listeners = new Set<() => void>();
  private readonly cleanups: (() => void)[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;
  private destroyed = false;
  /** Streams fetched ahead (manifest and first segments), by key, with when they started. */
  private readonly preloads = new Map<string, { manager: Promise<PreloadManager | null>; at: number }>();
  /** The licence server of the session playing now; preloaded streams were set up under another. */
  private licenceUrl: string | null = null;
  /** The freshest segment token of the session playing now (its open, then each heartbeat). */
  private segmentToken: string | null = null;
  /** The quality-of-experience recorder's ear (qoe/): what playback does, as it happens. */
  private readonly qoeListeners = new Set<(signal: QoeSignalNow) => void>();

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly container: HTMLElement,
    private readonly options: AdapterOptions,
  ) {}

  /** False when the browser lacks MSE/EME (the unsupported-browser message). */
  static async isSupported(): Promise<boolean> {
    const shaka = await loadShaka();
    return shaka.Player.isBrowserSupported();
  }

  async attach(): Promise<void> {
    const shaka = await loadShaka();
    if (this.destroyed) return;
    this.shaka = shaka;
    const player = new shaka.Player();
    this.player = player;
    await player.attach(this.video);
    player.setVideoContainer(this.container);
    player.getNetworkingEngine()?.registerRequestFilter((type, request) => {
      // Segments (init, media, text) go out under the freshest token: a static manifest's own expires in 60 s.
      // A relayed stream's playlists and keys too: a live playlist is fetched again long after its URL was made.
      if (type !== shaka.net.NetworkingEngine.RequestType.LICENSE) {
        request.uris = request.uris.map((uri) => withSegmentToken(uri, this.segmentToken));
        return;
      }
      const token = this.options.getIdToken();
      if (token) request.headers['Authorization'] = `Bearer ${token}`;
      // Keys come from the session playing now, also for a stream preloaded under the previous one.
      if (this.licenceUrl && request.uris.some((uri) => CLEARKEY_LICENCE_PATH.test(uri)))
        request.uris = [this.licenceUrl];
    });
    player.getNetworkingEngine()?.registerResponseFilter((type, response) => {
      if (type === shaka.net.NetworkingEngine.RequestType.SEGMENT)
        this.throughput.record(response.data.byteLength, response.timeMs);
    });
    const onPlayerEvent = (name: string, fn: (event: Event) => void) => {
      player.addEventListener(name, fn);
      this.cleanups.push(() => player.removeEventListener(name, fn));
    };
    onPlayerEvent('error', (event) => {
      const detail = (event as unknown as { detail: ShakaError }).detail;
      if (detail.severity === shaka.util.Error.Severity.CRITICAL) this.emitFailure(detail);
      this.options.onError(detail);
    });
    onPlayerEvent('buffering', (event) => {
      const buffering = (event as unknown as { buffering: boolean }).buffering;
      this.emitQoe({ type: 'buffering', buffering });
      this.update({ buffering });
    });
    for (const name of ['variantchanged', 'adaptation']) onPlayerEvent(name, () => this.emitRendition());
    for (const name of ['trackschanged', 'variantchanged', 'textchanged', 'adaptation', 'texttrackvisibility'])
      onPlayerEvent(name, () => this.refreshTracks());
    const onVideo = (name: string, fn: () => void) => {
      this.video.addEventListener(name, fn);
      this.cleanups.push(() => this.video.removeEventListener(name, fn));
    };
    onVideo('playing', () => {
      this.emitQoe({ type: 'playing' });
      this.update({ status: 'playing' });
    });
    onVideo('pause', () => {
      this.emitQoe({ type: 'pause' });
      this.update({ status: this.snapshot.status === 'loading' ? 'loading' : 'paused' });
    });
    onVideo('seeking', () => this.emitQoe({ type: 'seek' }));
    onVideo('volumechange', () => this.update({ volume: this.video.volume, muted: this.video.muted }));
    // Spec: the seek position updates every 250 ms.
    this.timer = setInterval(() => this.tick(), PLAYER.seekUpdateMs);
  }

  /** The session's segment token, from its open or a heartbeat; null for a stream without one. */
  setSegmentToken(token: string | null): void {
    this.segmentToken = token;
  }

  /** Loads a stream with the spec's configuration and the session's DRM. */
  async load(request: LoadRequest): Promise<void> {
    const player = this.requirePlayer();
    const drm = drmConfig(
      request.drm,
      drmTypeOf(this.options.userAgent ?? navigator.userAgent),
      deploymentDrm(this.options.env ?? {}),
    );
    player.resetConfiguration();
    player.configure(playerConfig(drm));
    this.licenceUrl = request.drm?.licenseUrl ?? null;
    this.throughput.reset();
    const preloaded = await this.takePreload(request.preloadKey);
    this.update({ ...INITIAL_SNAPSHOT, volume: this.video.volume, muted: this.video.muted });
    await player.load(preloaded ?? request.url, request.startTime).catch((error: unknown) => {
      this.emitFailure(error as ShakaError);
      throw error;
    });
    this.refreshTracks();
    this.emitRendition();
    this.tick();
    this.markFirstFrame(player.getAssetUri() ?? request.url);
    await this.video.play().catch(async () => {
      // Autoplay with sound may be refused: start muted (the mute button says so), else wait for play.
      this.video.muted = true;
      await this.video.play().catch(() => this.update({ status: 'paused', buffering: false }));
    });
  }

  /**
   * Fetches a stream's manifest and first segments ahead of its load (the zapping
   * neighbours), under the configuration playing now. Keys wait for the stream's own session.
   */
  preload(key: string, url: string): void {
    const player = this.player;
    if (!player || this.preloads.has(key)) return;
    // No licence yet: the keys belong to the channel's own session, opened when the zap comes.
    const now = player.getConfiguration();
    const config = { ...now, drm: { ...now.drm, delayLicenseRequestUntilPlayed: true } };
    const manager = player.preload(url, null, null, config).catch(() => null);
    this.preloads.set(key, { manager, at: Date.now() });
  }

  /** Drops the preloads not named in `keep` (the neighbours changed). */
  keepPreloads(keep: readonly string[]): void {
    for (const [key, entry] of this.preloads) {
      if (keep.includes(key)) continue;
      this.preloads.delete(key);
      void entry.manager.then((m) => m?.destroy());
    }
  }

  /** The preload made under `key` when it is fresh; a zap lets the other neighbours go. */
  private async takePreload(key: string | undefined): Promise<PreloadManager | null> {
    if (key === undefined) return null;
    const entry = this.preloads.get(key);
    this.preloads.delete(key);
    this.keepPreloads([]);
    if (!entry) return null;
    const manager = await entry.manager;
    if (manager && Date.now() - entry.at <= PRELOAD_MAX_AGE_MS) return manager;
    await manager?.destroy();
    return null;
  }

  async unload(): Promise<void> {
    if (!this.player) return;
    await this.player.unload();
    this.update({ ...INITIAL_SNAPSHOT });
  }

  /**
   * A performance mark when the first frame of a load is painted, carrying Shaka's
   * timeToFirstFrame (bench/player reads it; DevTools shows it on the timeline).
   */
  private markFirstFrame(url: string): void {
    const player = this.player;
    const started = performance.now();
    const poll = () => {
      if (this.player !== player || !player || player.getAssetUri() !== url) return;
      const stats = player.getStats();
      if (Number.isFinite(stats.timeToFirstFrame)) {
        const { timeToFirstFrame, loadLatency, manifestTimeSeconds, drmTimeSeconds, licenseTime } = stats;
        performance.mark('pantalla:first-frame', {
          detail: { timeToFirstFrame, loadLatency, manifestTimeSeconds, drmTimeSeconds, licenseTime, url },
        });
      } else if (performance.now() - started < 30_000) setTimeout(poll, 16);
    };
    poll();
  }

  /** Shaka's time to first frame of the current load (s), for the benchmark readout. */
  timeToFirstFrame(): number {
    return this.player?.getStats().timeToFirstFrame ?? Number.NaN;
  }

  play(): void {
    void this.video.play().catch(() => undefined);
  }

  pause(): void {
    this.video.pause();
  }

  seek(seconds: number): void {
    this.video.currentTime = seconds;
    this.tick();
  }

  /** Shaka's retry of a failed stream (3019/4012); false when it cannot retry. */
  retryStreaming(): boolean {
    return this.player?.retryStreaming() ?? false;
  }

  goToLive(): void {
    this.player?.goToLive();
  }

  setVolume(volume: number): void {
    this.video.volume = Math.min(1, Math.max(0, volume));
    if (volume > 0) this.video.muted = false;
  }

  setMuted(muted: boolean): void {
    this.video.muted = muted;
  }

  selectAudio(id: string): void {
    const player = this.requirePlayer();
    const track = player.getAudioTracks().find((t) => audioKey(t) === id);
    if (track) player.selectAudioTrack(track);
    this.refreshTracks();
  }

  selectText(id: string): void {
    const player = this.requirePlayer();
    if (id === TRACK_OFF) player.selectTextTrack(null);
    else {
      const track = player.getTextTracks().find((t) => String(t.id) === id);
      if (track) player.selectTextTrack(track);
    }
    this.refreshTracks();
  }

  /** Auto (id '0') lets ABR choose; a height pins that rendition. */
  selectQuality(id: string): void {
    const player = this.requirePlayer();
    if (id === QUALITY_AUTO) {
      player.configure({ abr: { enabled: true } });
    } else {
      const height = Number(id);
      const track = player.getVariantTracks().find((t) => t.active) ?? null;
      const candidates = player
        .getVariantTracks()
        .filter((t) => t.height === height && (!track || t.language === track.language));
      const choice = candidates.sort((a, b) => b.bandwidth - a.bandwidth)[0];
      if (choice) {
        player.configure({ abr: { enabled: false } });
        player.selectVariantTrack(choice, true);
      }
    }
    this.refreshTracks();
  }

  selectAngle(id: string): void {
    const player = this.requirePlayer();
    const track = player.getVideoTracks().find((t) => angleKey(t) === id);
    if (track) player.selectVideoTrack(track, true);
    this.refreshTracks();
  }

  /** The sprite tile for a position, from the MPD's thumbnail AdaptationSet. */
  async thumbnailAt(seconds: number): Promise<Thumbnail | null> {
    const player = this.player;
    if (!player) return null;
    const thumb = await player.getThumbnails(null, seconds).catch(() => null);
    // Sheets are signed like segments: the freshest token, not the one the manifest came with.
    const url = thumb?.uris[0] === undefined ? undefined : withSegmentToken(thumb.uris[0], this.segmentToken);
    if (!thumb || !url) return null;
    return {
      url,
      x: thumb.positionX,
      y: thumb.positionY,
      width: thumb.width,
      height: thumb.height,
      sheetWidth: thumb.imageWidth,
      sheetHeight: thumb.imageHeight,
    };
  }

  /** Listens to playback as the QoE recorder needs it (qoe/); returns how to stop. */
  observeQoe(listener: (signal: QoeSignalNow) => void): () => void {
    this.qoeListeners.add(listener);
    return () => this.qoeListeners.delete(listener);
  }

  /** Shaka's version, for the beacons. */
  playerVersion(): string {
    return this.shaka ? `shaka ${this.shaka.Player.version}` : 'unknown';
  }

  /** Frames dropped since the current load. */
  droppedFrames(): number {
    const dropped = this.player?.getStats().droppedFrames ?? 0;
    return Number.isFinite(dropped) ? dropped : 0;
  }

  /** Media buffered ahead of the playhead (ms), from the buffered range that holds it. */
  bufferAheadMs(): number | null {
    if (!this.player) return null;
    const { buffered, currentTime } = this.video;
    for (let i = 0; i < buffered.length; i += 1) {
      if (buffered.start(i) <= currentTime + 0.05 && currentTime <= buffered.end(i))
        return Math.round((buffered.end(i) - currentTime) * 1000);
    }
    return 0;
  }

  private emitQoe(signal: QoeSignalNow): void {
    for (const listener of this.qoeListeners) listener(signal);
  }

  private emitRendition(): void {
    const active = this.player?.getVariantTracks().find((t) => t.active);
    if (active) this.emitQoe({ type: 'rendition', bitrate: active.bandwidth });
  }

  /** A fatal failure for the QoE figures; a load given up for the next (Shaka 7000, a zap) is none. */
  private emitFailure(error: ShakaError): void {
    if (typeof error?.code !== 'number' || error.code === LOAD_INTERRUPTED) return;
    const refusal = licenceRefusalOf(error);
    const data = refusal?.data as { code?: unknown } | null | undefined;
    const licenceCode = refusal ? (typeof data?.code === 'number' ? data.code : refusal.status) : null;
    this.emitQoe({ type: 'failure', code: error.code, licenceCode });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): PlayerSnapshot => this.snapshot;

  async destroy(): Promise<void> {
    this.destroyed = true;
    this.keepPreloads([]);
    if (this.timer) clearInterval(this.timer);
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.listeners.clear();
    this.qoeListeners.clear();
    const player = this.player;
    this.player = null;
    await player?.destroy();
  }

  private requirePlayer(): ShakaPlayer {
    if (!this.player) throw new Error('Player not attached');
    return this.player;
  }

  private update(patch: Partial<PlayerSnapshot>): void {
    const next = { ...this.snapshot, ...patch };
    // Track lists are rebuilt on every track event; equal lists must not re-render the controls.
    const same = (key: keyof PlayerSnapshot) => {
      const a = next[key];
      const b = this.snapshot[key];
      return a === b || (Array.isArray(a) && Array.isArray(b) && JSON.stringify(a) === JSON.stringify(b));
    };
    if ((Object.keys(patch) as (keyof PlayerSnapshot)[]).every(same)) return;
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }

  private tick(): void {
    const player = this.player;
    if (!player || !player.getAssetUri()) return;
    const range = player.seekRange();
    const start = player.isLive() ? player.getPresentationStartTimeAsDate() : null;
    this.update({
      currentTime: this.video.currentTime,
      seekStart: range.start,
      seekEnd: range.end,
      isLive: player.isLive(),
      presentationStartMs: start ? start.getTime() : null,
      bandwidth: this.throughput.estimate(),
    });
  }

  private refreshTracks(): void {
    const player = this.player;
    if (!player) return;
    this.update({
      audio: audioOptions(player.getAudioTracks()),
      text: textOptions(player.getTextTracks()),
      quality: qualityOptions(player.getVariantTracks(), player.getConfiguration().abr.enabled),
      angles: angleOptions(player.getVideoTracks()),
    });
  }
}
