import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useShownGenreChannels } from './guide-filter';

const HOUR = 3_600_000;
const DAY = Date.UTC(2030, 4, 10);

/** Each window answers with its own channels: the hour it starts at, as a channel id. */
let fetchMock: ReturnType<typeof vi.fn>;
let hold: Promise<void> | null = null;
const asked = () =>
  fetchMock.mock.calls.map(([url]) => {
    const q = new URL(String(url), 'http://x').searchParams;
    return { genreId: Number(q.get('genreId')), from: Number(q.get('from')), to: Number(q.get('to')) };
  });

beforeEach(() => {
  hold = null;
  fetchMock = vi.fn(async (url: string) => {
    if (hold) await hold;
    const from = Number(new URL(url, 'http://x').searchParams.get('from'));
    return new Response(JSON.stringify({ channelIds: [(from - DAY) / HOUR] }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderShown(genreId: number, openingTime: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(({ genre }) => useShownGenreChannels(genre, openingTime), {
    wrapper,
    initialProps: { genre: genreId },
  });
}

describe('useShownGenreChannels', () => {
  it('asks for the 24 hours from the hour the guide opens at, not from now', async () => {
    // A guide saved showing the day after tomorrow, evening.
    const { result } = renderShown(5, DAY + 2 * 24 * HOUR + 20.5 * HOUR);
    await waitFor(() => expect(result.current.query.data).toEqual({ channelIds: [68] }));
    expect(asked()).toEqual([{ genreId: 5, from: DAY + 68 * HOUR, to: DAY + 92 * HOUR }]);
  });

  it('follows the time the guide moves to, keeping the rows it had until the new window answers', async () => {
    const { result } = renderShown(5, DAY + 10.5 * HOUR);
    await waitFor(() => expect(result.current.query.data).toEqual({ channelIds: [10] }));
    // Within the same hour: nothing asked again.
    act(() => result.current.onShownTime(DAY + 10.9 * HOUR));
    // A day picked: tomorrow at 09:40; its answer held back.
    let release = () => {};
    hold = new Promise((resolve) => (release = resolve));
    act(() => result.current.onShownTime(DAY + 33 * HOUR + 40 * 60_000));
    await waitFor(() => expect(asked()).toHaveLength(2));
    expect(asked()[1]).toEqual({ genreId: 5, from: DAY + 33 * HOUR, to: DAY + 57 * HOUR });
    expect(result.current.query.data).toEqual({ channelIds: [10] });
    expect(result.current.query.isSuccess).toBe(true);
    release();
    await waitFor(() => expect(result.current.query.data).toEqual({ channelIds: [33] }));
  });

  it('does not show another genre’s channels while a new genre loads', async () => {
    const { result, rerender } = renderShown(5, DAY + 10 * HOUR);
    await waitFor(() => expect(result.current.query.data).toEqual({ channelIds: [10] }));
    let release = () => {};
    hold = new Promise((resolve) => (release = resolve));
    rerender({ genre: 6 });
    expect(result.current.query.data).toBeUndefined();
    release();
    await waitFor(() => expect(result.current.query.data).toEqual({ channelIds: [10] }));
    expect(asked().map((a) => a.genreId)).toEqual([5, 6]);
  });
});
