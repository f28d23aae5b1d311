import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  deriveContentKey,
  mapClipSegment,
  mapThumbnailSheet,
  readClipManifest,
  rekeySegment,
  rewriteSegmentTime,
  type ClipManifest,
  type ContentKey,
} from '@pantalla/media';
import type { Cache, CacheRegistry } from '../../platform/cache';
import type { MediaConfig } from '../../platform/config';
import { notFound } from '../../platform/errors';
import { ALL_CLIP_KEYS } from './media-setup';

/** Largest timeline segment number served: 32-bit mfhd numbers and far beyond any catalogue length. */
export const MAX_SEGMENT_NUMBER = 2 ** 31 - 1;

/**
 * The prepared clips: manifests, files (read once, kept in memory: the demo media is ~30 MB)
 * and rewritten segments of the timeline (an LRU: live viewers all ask for the same few).
 * Keys are derived on demand from the key secret and never leave the server except in a licence.
 */
export class MediaStore {
  private readonly manifests: Cache<string, ClipManifest>;
  private readonly files: Cache<string, Uint8Array>;
  private readonly rewritten: Cache<string, Uint8Array>;
  private readonly keys: Cache<string, ContentKey>;
  private readonly rekeyed: Cache<string, Uint8Array>;

  constructor(
    private readonly cfg: MediaConfig,
    caches: CacheRegistry,
  ) {
    // Clips' files never change for a key secret: kept without expiry, bounded by the clips there are.
    this.manifests = caches.create('origin.clip-manifests', { max: 64 });
    this.files = caches.create('origin.clip-files', {
      maxSize: 256 * 1024 * 1024,
      sizeOf: (bytes) => bytes.byteLength,
    });
    // One key per channel and title: derived on demand, the ones in use kept.
    this.keys = caches.create('origin.content-keys', { max: 4096 });
    this.rekeyed = caches.create('origin.stream-segments', {
      maxSize: 96 * 1024 * 1024,
      sizeOf: (bytes) => bytes.byteLength,
    });
    this.rewritten = caches.create('origin.segments', {
      maxSize: 64 * 1024 * 1024,
      sizeOf: (bytes) => bytes.byteLength,
    });
  }

  /** Whether a clip key is one the origin serves (content or trailer). */
  isClip(clipKey: string): boolean {
    return ALL_CLIP_KEYS.includes(clipKey);
  }

  /** The content key of a clip (kid and key, hex). */
  key(clipKey: string): ContentKey {
    let key = this.keys.peek(clipKey);
    if (!key) {
      key = deriveContentKey(this.cfg.keySecret, clipKey);
      this.keys.set(clipKey, key);
    }
    return key;
  }

  /** The clip's manifest.json; 404 when the clip is unknown or not prepared. */
  async manifest(clipKey: string): Promise<ClipManifest> {
    if (!this.isClip(clipKey)) throw notFound(`No existe el clip ${clipKey}.`);
    try {
      return await this.manifests.get(clipKey, () => readClipManifest(this.cfg.mediaDir, clipKey));
    } catch {
      throw notFound(`Los medios de ${clipKey} no están preparados.`);
    }
  }

  private async file(clipKey: string, relative: string): Promise<Uint8Array> {
    const id = `${clipKey}/${relative}`;
    try {
      return await this.files.get(id, () => readFile(path.join(this.cfg.mediaDir, clipKey, relative)));
    } catch {
      throw notFound(`No existe ${id}.`);
    }
  }

  /** A track's init segment. */
  async init(clipKey: string, trackId: string): Promise<Uint8Array> {
    const clip = await this.manifest(clipKey);
    const track = clip.tracks.find((t) => t.id === trackId);
    if (!track) throw notFound(`No existe la pista ${trackId}.`);
    return this.file(clipKey, track.initFile);
  }

  /** Timeline segment N of a track: the clip's segment with timestamps moved on by whole loops. */
  async segment(clipKey: string, trackId: string, n: number): Promise<Uint8Array> {
    const clip = await this.manifest(clipKey);
    if (!clip.tracks.some((t) => t.id === trackId)) throw notFound(`No existe la pista ${trackId}.`);
    if (!Number.isSafeInteger(n) || n < 1 || n > MAX_SEGMENT_NUMBER)
      throw notFound('Número de segmento fuera de rango.');
    const id = `${clipKey}/${trackId}/${n}`;
    return this.rewritten.get(id, async () => {
      const mapped = mapClipSegment(clip, trackId, n);
      return rewriteSegmentTime(await this.file(clipKey, mapped.file), mapped.rewrite);
    });
  }

  /**
   * A track's init segment or timeline segment N of a clip, under the content key of the
   * channel or title `streamKey` names (the clip's own key never leaves the origin).
   */
  async streamFile(streamKey: string, clipKey: string, trackId: string, n: number | 'init'): Promise<Uint8Array> {
    const clip = await this.manifest(clipKey);
    const track = clip.tracks.find((t) => t.id === trackId);
    if (!track) throw notFound(`No existe la pista ${trackId}.`);
    const source = n === 'init' ? await this.init(clipKey, trackId) : await this.segment(clipKey, trackId, n);
    // Subtitles are not encrypted: the same bytes under every key.
    if (!track.encrypted) return source;
    return this.rekeyed.get(`${streamKey}/${trackId}/${n}`, async () =>
      rekeySegment(source, this.key(clipKey), this.key(streamKey)),
    );
  }

  /** Timeline sprite sheet N. */
  async sheet(clipKey: string, n: number): Promise<Uint8Array> {
    const clip = await this.manifest(clipKey);
    if (!Number.isSafeInteger(n) || n < 1 || n > MAX_SEGMENT_NUMBER)
      throw notFound('Número de miniatura fuera de rango.');
    return this.file(clipKey, mapThumbnailSheet(clip, n));
  }

  /** The Spanish subtitles as a WebVTT file. */
  async subtitles(clipKey: string): Promise<Uint8Array> {
    const clip = await this.manifest(clipKey);
    return this.file(clipKey, clip.subtitles.file);
  }
}
