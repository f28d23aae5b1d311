import { describe, expect, it } from 'vitest';
import { groupServers, isGood, measureServer, speedUrl, terminate, toMbps, type DiagServer } from './speed-test';

const server: DiagServer = { name: 'Madrid', fileKey: 'media_0.ts', baseUrl: 'https://cdn.test/media/speed/' };

function bodyOf(chunks: number[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const size of chunks) controller.enqueue(new Uint8Array(size));
      controller.close();
    },
  });
}

describe('speed test', () => {
  it('asks for media_0.ts with the avoidcache time', () => {
    expect(speedUrl(server, 1700000000000)).toBe('https://cdn.test/media/speed/media_0.ts?avoidcache=1700000000000');
  });

  it('computes Mbps and calls above 6 good', () => {
    expect(toMbps(1_000_000, 1000)).toBe(8);
    expect(toMbps(0, 1000)).toBe(0);
    expect(isGood(6)).toBe(false);
    expect(isGood(6.01)).toBe(true);
  });

  it('measures the bytes of the body over the time taken', async () => {
    let clock = 0;
    const urls: string[] = [];
    const fetch = (async (url: string) => {
      urls.push(url);
      clock += 500;
      return new Response(bodyOf([250_000, 250_000]));
    }) as unknown as typeof globalThis.fetch;
    const mbps = await measureServer(server, { fetch, now: () => clock, time: () => 42 }, new AbortController().signal);
    expect(urls).toEqual(['https://cdn.test/media/speed/media_0.ts?avoidcache=42']);
    expect(mbps).toBe(8);
  });

  it('gives 0 for an error answer, a network failure and the timeout', async () => {
    const deps = { now: () => 0, time: () => 1 };
    const failing = (async () => new Response('nope', { status: 503 })) as unknown as typeof fetch;
    expect(await measureServer(server, { ...deps, fetch: failing }, new AbortController().signal)).toBe(0);
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await measureServer(server, { ...deps, fetch: offline }, new AbortController().signal)).toBe(0);
    const hanging = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      )) as unknown as typeof fetch;
    expect(await measureServer(server, { ...deps, fetch: hanging, timeoutMs: 5 }, new AbortController().signal)).toBe(
      0,
    );
  });

  it('terminated turns what was not measured into 0', () => {
    expect(
      terminate([
        { server, mbps: 12.5 },
        { server, mbps: null },
      ]),
    ).toEqual([
      { server, mbps: 12.5 },
      { server, mbps: 0 },
    ]);
  });

  it('groups servers by group name in their order', () => {
    const b = { ...server, name: 'Bogotá' };
    const groups = groupServers([{ server }, { server: b }, { server: { ...server, baseUrl: 'x' } }]);
    expect(groups.map((g) => [g.name, g.items.length])).toEqual([
      ['Madrid', 2],
      ['Bogotá', 1],
    ]);
  });
});
