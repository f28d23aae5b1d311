import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useCatalogueLoad } from './use-catalogue-load';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** A fake catalogue that records the order of calls and answers after a tick. */
function fakeCatalogue(overrides: Record<string, () => Response> = {}) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://x');
    const path = url.pathname.replace('/api/v1', '');
    calls.push(path);
    await new Promise((r) => setTimeout(r, 5));
    const override = overrides[path];
    if (override) return override();
    switch (path) {
      case '/lineups':
        return json({
          resources: [
            { id: 10, regionId: 1, name: 'Península' },
            { id: 20, regionId: 2, name: 'Canarias' },
          ],
        });
      case '/screens':
        expect(url.searchParams.get('lineupId')).toBe('10');
        return json({
          resources: [
            {
              id: 1,
              name: 'Inicio',
              alias: 'home',
              listGroupId: 77,
              query: '/api/v1/screen/lists?listGroupId=77',
              ordinal: 0,
            },
          ],
        });
      case '/screen/lists':
        expect(url.searchParams.get('listGroupId')).toBe('77');
        return json({ resources: [] });
      case '/contents':
        return json({ total: 0, resources: [] });
      default:
        return json({ resources: [] });
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useCatalogueLoad', () => {
  it('runs lineups, channels and screens, home categories, then load_done, then the rest', async () => {
    const calls = fakeCatalogue();
    const { result } = renderHook(() => useCatalogueLoad({ regionId: 1, enabled: true }), { wrapper: wrapper() });
    expect(result.current.loadDone).toBe(false);
    await waitFor(() => expect(result.current.loadDone).toBe(true));
    expect(result.current.lineup?.id).toBe(10);
    expect(calls.slice(0, 4)).toEqual(['/lineups', '/channels', '/screens', '/screen/lists']);
    await waitFor(() => expect(result.current.complete).toBe(true));
    expect(calls.slice(4).sort()).toEqual(['/channel-genres', '/contents', '/series']);
  });

  it('does nothing until enabled', async () => {
    const calls = fakeCatalogue();
    renderHook(() => useCatalogueLoad({ regionId: 1, enabled: false }), { wrapper: wrapper() });
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual([]);
  });

  it('a failed step is logged, leaves its data empty and does not block load_done', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeCatalogue({
      '/channels': () => new Response('{}', { status: 500 }),
      '/lineups': () => json({ resources: [] }),
    });
    const { result } = renderHook(() => useCatalogueLoad({ regionId: 1, enabled: true }), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.complete).toBe(true));
    expect(result.current.lineup).toBeNull();
    expect(warn).toHaveBeenCalledWith('No lineup for region 1');
    expect(warn.mock.calls.some(([message]) => message === 'Catalogue load failed')).toBe(true);
  });
});
