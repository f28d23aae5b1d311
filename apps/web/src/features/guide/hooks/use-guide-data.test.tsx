import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { dayOrder, useGuideData } from './use-guide-data';

const DAY0 = new Date(2026, 10, 21).getTime();
const DAY1 = new Date(2026, 10, 22).getTime();

interface Call {
  path: string;
  signal: AbortSignal;
  answer: (events: unknown[]) => void;
}

/** A server that answers only when told, recording each request and its signal. */
function fakeServer() {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          const url = new URL(String(input), 'http://x');
          const [, , , , channelId, date] = url.pathname.split('/');
          const signal = init?.signal as AbortSignal;
          signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          calls.push({
            path: `${channelId}/${date}`,
            signal,
            answer: (events) =>
              resolve(
                new Response(
                  JSON.stringify({
                    channelId: Number(channelId),
                    date,
                    tz: 'UTC',
                    dayStart: 0,
                    dayEnd: 1,
                    catchup_hours: 0,
                    events,
                  }),
                  {
                    status: 200,
                    headers: { 'content-type': 'application/json' },
                  },
                ),
              ),
          });
        }),
    ),
  );
  return calls;
}

function wrapper() {
  const client = new QueryClient();
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('dayOrder', () => {
  it('starts at the day in view, goes forward, then back', () => {
    expect(dayOrder(6, 4)).toEqual([4, 5, 3, 2, 1, 0]);
    expect(dayOrder(6, 0)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(dayOrder(3, 9)).toEqual([2, 1, 0]);
  });
});

describe('useGuideData', () => {
  it('starts from the day in view', async () => {
    const calls = fakeServer();
    renderHook(() => useGuideData([1], [DAY0, DAY1], 1), { wrapper: wrapper() });
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['1/2026-11-22']));
    calls[0]?.answer([]);
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['1/2026-11-22', '1/2026-11-21']));
  });

  it("asks for a channel's day only once the day before has answered", async () => {
    const calls = fakeServer();
    const { result } = renderHook(() => useGuideData([1, 2], [DAY0, DAY1]), { wrapper: wrapper() });
    await waitFor(() => expect(calls.map((c) => c.path).sort()).toEqual(['1/2026-11-21', '2/2026-11-21']));
    expect(result.current.get(1)?.map((d) => d.status)).toEqual(['loading', 'loading']);
    calls.find((c) => c.path === '1/2026-11-21')?.answer([]);
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('1/2026-11-22'));
    expect(calls.map((c) => c.path)).not.toContain('2/2026-11-22');
    await waitFor(() => expect(result.current.get(1)?.[0]).toEqual({ status: 'ready', programmes: [] }));
  });

  it('cancels the requests of channels that left the screen', async () => {
    const calls = fakeServer();
    const { rerender } = renderHook(({ ids }) => useGuideData(ids, [DAY0, DAY1]), {
      wrapper: wrapper(),
      initialProps: { ids: [1, 2] },
    });
    await waitFor(() => expect(calls).toHaveLength(2));
    rerender({ ids: [3] });
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('3/2026-11-21'));
    await waitFor(() =>
      expect(
        calls.filter((c) => c.path.startsWith('1/') || c.path.startsWith('2/')).every((c) => c.signal.aborted),
      ).toBe(true),
    );
    expect(calls.find((c) => c.path === '3/2026-11-21')?.signal.aborted).toBe(false);
  });
});
