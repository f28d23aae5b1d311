import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useFavouriteChannel } from './favourite-channel';

let fetchMock: ReturnType<typeof vi.fn>;
let release = () => {};

beforeEach(() => {
  fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    // A star's PUT is held until the test lets it go: the press is on its way meanwhile.
    if (init?.method === 'PUT') await new Promise<void>((resolve) => (release = resolve));
    return new Response(JSON.stringify({ channelIds: init?.method === 'PUT' ? [7] : [] }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const puts = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');

describe('useFavouriteChannel', () => {
  it('ignores a press while the last one is on its way: one PUT, not a PUT and a DELETE', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useFavouriteChannel(7), { wrapper });
    await waitFor(() => expect(result.current.ready).toBe(true));
    act(() => result.current.toggle());
    await waitFor(() => expect(result.current.busy).toBe(true));
    act(() => result.current.toggle());
    act(() => result.current.toggle());
    await waitFor(() => expect(puts()).toHaveLength(1));
    release();
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE')).toBe(false);
    expect(puts()).toHaveLength(1);
  });
});
