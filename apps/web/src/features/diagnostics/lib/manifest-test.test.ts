import { describe, expect, it } from 'vitest';
import type { ManifestTestEvent } from '@pantalla/contracts';
import { manifestUrl, runManifestTest } from './manifest-test';

const event = (id: number): ManifestTestEvent => ({
  id,
  channelId: 1,
  title: `P${id}`,
  start: '2026-11-23T10:00:00.000Z',
  end: '2026-11-23T11:00:00.000Z',
  url: `http://o.test/media/catchup/${id}`,
});

describe('manifest test', () => {
  it('appends .smil/manifest.mpd?VOD to the manifest URL', () => {
    expect(manifestUrl(event(7))).toBe('http://o.test/media/catchup/7.smil/manifest.mpd?VOD');
  });

  it('counts every event tested and lists those whose manifest failed, with the admin’s token', async () => {
    const seen: { url: string; auth: string | undefined }[] = [];
    const fetch = (async (url: string, init: RequestInit) => {
      seen.push({ url, auth: (init.headers as Record<string, string>).authorization });
      if (url.includes('/2.smil')) return new Response('nope', { status: 404 });
      if (url.includes('/4.smil')) return new Response('<html>not an mpd</html>');
      if (url.includes('/5.smil')) throw new TypeError('Failed to fetch');
      return new Response('<?xml version="1.0"?><MPD></MPD>');
    }) as unknown as typeof globalThis.fetch;
    const progress: number[] = [];
    const events = [1, 2, 3, 4, 5, 6].map(event);
    const result = await runManifestTest(events, {
      fetch,
      idToken: () => 'tok',
      concurrency: 2,
      onProgress: (done) => progress.push(done),
    });
    expect(result.tested).toBe(6);
    expect(result.failed.map((e) => e.id)).toEqual([2, 4, 5]);
    expect(seen).toHaveLength(6);
    expect(seen.every((s) => s.auth === 'Bearer tok')).toBe(true);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('answers nothing tested for no events', async () => {
    const result = await runManifestTest([], { fetch: globalThis.fetch, idToken: () => null });
    expect(result).toEqual({ tested: 0, failed: [] });
  });
});
