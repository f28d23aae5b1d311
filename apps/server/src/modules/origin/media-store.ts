import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { deriveContentKey, mapClipSegment, mapThumbnailSheet, readClipManifest, rewriteSegmentTime, type ClipManifest, type ContentKey } from '@pantalla/media';
import { notFound } from '../../platform/errors';
import type { MediaConfig } from './media-config';
import { ALL_CLIP_KEYS } from './media-setup';

/** A small LRU of byte buffers bounded by total size. */
class ByteLru {
  private readonly map = new Map<string, Uint8Array>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}
  get(key: string): Uint8Array | undefined {
    const value = this.map.get(key);
    if (value) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: Uint8Array): void {
    this.map.set(key, value);
    this.bytes += value.length;
    for (const [k, v] of this.map) {
      if (this.bytes <= this.maxBytes) break;
      this.map.delete(k);
      this.bytes -= v.length;
    }
  }
}

/** Largest timeline segment number served: 32-bit mfhd numbers and far beyond any catalogue length. */
export const MAX_SEGMENT_NUMBER = 2 ** 31 - 1;

/**
 * The prepared clips: manifests, files (read once, kept in memory: the demo media is ~30 MB)
 * and rewritten segments of the timeline (an LRU: live viewers all ask for the same few).
 * Keys are derived on demand from the key secret and never leave the server except in a licence.
 */
export class MediaStore {
  private readonly manifests = new Map<string, Promise<ClipManifest>>();
  private readonly files = new Map<string, Promise<Uint8Array>>();
  private readonly rewritten = new ByteLru(64 * 1024 * 1024);
  private readonly keys = new Map<string, ContentKey>();

  constructor(private readonly cfg: MediaConfig) {}

  /** Whether a clip key is one the origin serves (content or trailer). */
  isClip(clipKey: string): boolean {
    return ALL_CLIP_KEYS.includes(clipKey);
  }

  /** The content key of a clip (kid and key, hex). */
  key(clipKey: string): ContentKey {
    let key = this.keys.get(clipKey);
    if (!key) {
      key = deriveContentKey(this.cfg.keySecret, clipKey);
      this.keys.set(clipKey, key);
    }
    return key;
  }

  /** The clip's manifest.json; 404 when the clip is unknown or not prepared. */
  async manifest(clipKey: string): Promise<ClipManifest> {
    if (!this.isClip(clipKey)) throw notFound(`No existe el clip ${clipKey}.`);
    let pending = this.manifests.get(clipKey);
    if (!pending) {
      pending = readClipManifest(this.cfg.mediaDir, clipKey);
      this.manifests.set(clipKey, pending);
      pending.catch(() => this.manifests.delete(clipKey));
    }
    try {
      return await pending;
    } catch {
      throw notFound(`Los medios de ${clipKey} no están preparados.`);
    }
  }

  private async file(clipKey: string, relative: string): Promise<Uint8Array> {
    const id = `${clipKey}/${relative}`;
    let pending = this.files.get(id);
    if (!pending) {
      pending = readFile(path.join(this.cfg.mediaDir, clipKey, relative));
      this.files.set(id, pending);
      pending.catch(() => this.files.delete(id));
    }
    try {
      return await pending;
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
    if (!Number.isSafeInteger(n) || n < 1 || n > MAX_SEGMENT_NUMBER) throw notFound('Número de segmento fuera de rango.');
    const id = `${clipKey}/${trackId}/${n}`;
    const cached = this.rewritten.get(id);
    if (cached) return cached;
    const mapped = mapClipSegment(clip, trackId, n);
    const body = rewriteSegmentTime(await this.file(clipKey, mapped.file), mapped.rewrite);
    this.rewritten.set(id, body);
    return body;
  }

  /** Timeline sprite sheet N. */
  async sheet(clipKey: string, n: number): Promise<Uint8Array> {
    const clip = await this.manifest(clipKey);
    if (!Number.isSafeInteger(n) || n < 1 || n > MAX_SEGMENT_NUMBER) throw notFound('Número de miniatura fuera de rango.');
    return this.file(clipKey, mapThumbnailSheet(clip, n));
  }

  /** The Spanish subtitles as a WebVTT file. */
  async subtitles(clipKey: string): Promise<Uint8Array> {
    const clip = await this.manifest(clipKey);
    return this.file(clipKey, clip.subtitles.file);
  }
}
