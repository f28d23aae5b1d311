import { createHash } from 'node:crypto';
import { notFound } from '../../../platform/errors';
import type { Clock } from '../../../platform/clock';
import type { Log } from '../../../platform/logging';
import type { ImageStore, StoredImage } from './image-store';
import { fetchRemoteImage, RemoteImageError, type FetchLimits, type ImageDestinations } from './remote-fetch';
import { needsProxy, urlFingerprint, type RemoteImageOwner } from './remote-image-url';
import { sniffImage } from './sniff';

export interface RemoteImagesOptions {
  store: ImageStore;
  destinations: ImageDestinations;
  limits: FetchLimits;
  /** How long a copy is served before the remote server is asked whether it changed. */
  refreshMs: number;
  /** How many remote fetches run at once; the rest wait their turn. */
  concurrency: number;
  clock: Clock;
  log: Log;
}

/** The pictures a catalogue item holds now: only these may be fetched for it. */
export type ImageSources = (owner: RemoteImageOwner, id: number) => Promise<(string | null)[]>;

/** A remote server that failed is left alone this long before it is asked again. */
const FAILURE_PAUSE_MS = 10 * 60_000;
const FAILURES_KEPT = 10_000;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Catalogue pictures on http: served from our origin: fetched once, kept on disk,
 * revalidated with the remote server's ETag/Last-Modified after refreshMs (the stale copy
 * is served meanwhile), and never fetched for a URL the catalogue does not hold.
 */
export class RemoteImages {
  private readonly inFlight = new Map<string, Promise<StoredImage>>();
  private readonly failedUntil = new Map<string, number>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly sources: ImageSources,
    private readonly options: RemoteImagesOptions,
  ) {}

  /** The picture of a catalogue item whose URL has this fingerprint; 404 when it holds none or it cannot be had. */
  async serve(owner: RemoteImageOwner, id: number, fingerprint: string): Promise<StoredImage> {
    const urls = await this.sources(owner, id);
    const url = urls.find((u): u is string => u !== null && needsProxy(u) && urlFingerprint(u) === fingerprint);
    if (!url) throw notFound('No existe esa imagen.');
    return this.image(url);
  }

  private async image(url: string): Promise<StoredImage> {
    const key = sha256(url);
    const stored = await this.options.store.get(key);
    const now = this.options.clock.now();
    const usable = stored && stored.meta.url === url ? stored : null;
    if (usable && now - usable.meta.checkedAt < this.options.refreshMs) return usable;
    if ((this.failedUntil.get(key) ?? 0) > now) {
      if (usable) return usable;
      throw notFound('La imagen no está disponible.');
    }
    const refreshing = this.refreshOnce(key, url, usable);
    if (usable) {
      // A stale copy now, the new one for the next viewer: nobody waits on a slow remote server.
      refreshing.catch(() => undefined);
      return usable;
    }
    try {
      return await refreshing;
    } catch {
      throw notFound('La imagen no está disponible.');
    }
  }

  private refreshOnce(key: string, url: string, stored: StoredImage | null): Promise<StoredImage> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const refreshing = this.refresh(key, url, stored)
      .catch((error: unknown) => {
        if (this.failedUntil.size >= FAILURES_KEPT) this.failedUntil.clear();
        this.failedUntil.set(key, this.options.clock.now() + FAILURE_PAUSE_MS);
        this.options.log.warn(
          { err: error instanceof RemoteImageError ? error.message : String(error) },
          'remote image not fetched',
        );
        throw error;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, refreshing);
    return refreshing;
  }

  private async refresh(key: string, url: string, stored: StoredImage | null): Promise<StoredImage> {
    await this.slot();
    try {
      const { store, destinations, limits, clock } = this.options;
      const validators = stored
        ? { etag: stored.meta.etag, lastModified: stored.meta.lastModified }
        : { etag: null, lastModified: null };
      const fetched = await fetchRemoteImage(url, validators, destinations, limits);
      if (fetched.status === 'unchanged') {
        if (!stored) throw new RemoteImageError(`${url} ha respondido 304 sin que se lo pidiéramos`);
        const confirmed = { meta: { ...stored.meta, checkedAt: clock.now() }, bytes: stored.bytes };
        await store.put(key, confirmed);
        return confirmed;
      }
      const sniffed = sniffImage(fetched.bytes);
      if ('refused' in sniffed) throw new RemoteImageError(`${url}: ${sniffed.refused}`);
      const image = {
        meta: {
          url,
          type: sniffed.type,
          etag: fetched.etag,
          lastModified: fetched.lastModified,
          checkedAt: clock.now(),
          digest: sha256(fetched.bytes),
        },
        bytes: fetched.bytes,
      };
      await store.put(key, image);
      return image;
    } finally {
      this.release();
    }
  }

  private slot(): Promise<void> {
    if (this.running < this.options.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
