import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLayoutEffect, useSyncExternalStore } from 'react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { currentProfile } from '../../../lib/current-profile';
import { ProfileScope } from '../../../lib/profile-scope';
import { selectProfile } from './profiles';

const EMAIL = 'casa@pantalla.test';
const detail = (id: number, kind: 'adult' | 'kids') => ({
  id,
  isAdult: kind === 'adult',
  name: kind === 'adult' ? 'Ana' : 'Peques',
  avatar: 'gato',
  language: null,
  kind,
  isDefault: id === 1,
});

/** The server: the row answers with the rows of the profile whose token the request carries; held until released. */
let release: () => void = () => {};
let held: Promise<void> = Promise.resolve();
const rowsAsked: string[] = [];
beforeEach(() => {
  localStorage.clear();
  api.bindSession({ getIdToken: () => 'id-token', onRefreshed: () => {}, onRefreshFailed: () => {} });
  currentProfile.set({ email: EMAIL, id: 1, name: 'Ana', avatar: 'gato', kind: 'adult', token: 'token-1' });
  rowsAsked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url.includes('/profiles/2/select'))
        return json({ profile: detail(2, 'kids'), profileToken: 'token-2', profileTokenExpiration: 2_000_000_000 });
      const token = new Headers(init.headers).get('x-pantalla-profile') ?? 'none';
      rowsAsked.push(`${url} ${token}`);
      await held;
      return json({ rows: token === 'token-2' ? 'Dibujos' : 'Cine para adultos' });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  api.bindSession(null);
  currentProfile.set(null);
});

const rowsSchema = z.object({ rows: z.string() });

/** A home row; every committed frame is noted with the profile it was drawn for. */
const frames: { profile: number | undefined; rows: string }[] = [];
function Row() {
  const profile = useSyncExternalStore(currentProfile.subscribe, () => currentProfile.get()?.id);
  const row = useQuery({
    queryKey: ['browse', 'row', 1],
    queryFn: ({ signal }) => api.get('/lists/1/resources', { schema: rowsSchema, signal }),
  });
  const rows = row.data?.rows ?? 'cargando';
  useLayoutEffect(() => {
    frames.push({ profile, rows });
  });
  return <p>{rows}</p>;
}

describe('selectProfile', () => {
  it("switching shows the new profile's rows and never the previous profile's, not even while they load", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    // A query only the adult's screens had (the adult section), no longer on screen.
    client.setQueryData(['browse', 'row', 162], { rows: 'Sección de adultos' });
    render(
      <QueryClientProvider client={client}>
        <ProfileScope email={EMAIL}>
          <Row />
        </ProfileScope>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Cine para adultos')).toBeTruthy();
    frames.length = 0;

    held = new Promise((resolve) => (release = resolve));
    // The switch returns at once, before the new profile's rows answer.
    await act(() => selectProfile(client, EMAIL, 2));
    expect(currentProfile.get()).toMatchObject({ id: 2, kind: 'kids', token: 'token-2' });
    expect(screen.getByText('cargando')).toBeTruthy();
    // Nothing of the adult's kept in the cache for a kids profile to open later.
    expect(client.getQueryData(['browse', 'row', 162])).toBeUndefined();
    await act(async () => release());
    expect(await screen.findByText('Dibujos')).toBeTruthy();

    expect(frames.filter((f) => f.profile === 2 && f.rows === 'Cine para adultos')).toEqual([]);
    // What the screen reads asked once again, under the new profile only.
    expect(rowsAsked.filter((r) => r.includes('token-2'))).toHaveLength(1);
    expect(rowsAsked.filter((r) => r.endsWith('token-1'))).toHaveLength(1);
  });
});
