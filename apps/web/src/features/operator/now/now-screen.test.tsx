import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { OperatorNow } from '@pantalla/contracts';
import { setLanguage } from '../../../lib/i18n';
import { NowScreen } from './components/now-screen';

const page = (over: Partial<OperatorNow>): OperatorNow => ({
  items: [],
  nextCursor: null,
  countedAt: Date.UTC(2026, 10, 28, 12, 0, 5),
  totalStreams: 0,
  byKind: { live: 0, catchup: 0, film: 0, episode: 0 },
  channelsWatched: 0,
  ...over,
});
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
let pages: Record<string, OperatorNow>;

function renderNow() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <NowScreen /> }], { initialEntries: ['/operador/'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await setLanguage('es');
  pages = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => json(pages[new URL(url, 'http://x').searchParams.get('cursor') ?? 'first'])),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the Now view', () => {
  it('says the totals in one polite live region and lists channels heaviest first, each linked to its page', async () => {
    pages.first = page({
      totalStreams: 9,
      byKind: { live: 8, catchup: 1, film: 0, episode: 0 },
      channelsWatched: 2,
      items: [
        { channelId: 4, name: 'Deportes 1', number: 40, openStreams: 5 },
        { channelId: 1, name: 'Pantalla Uno', number: 1, openStreams: 3 },
      ],
      nextCursor: '3.1',
    });
    pages['3.1'] = page({
      totalStreams: 9,
      channelsWatched: 3,
      items: [{ channelId: 7, name: null, number: null, openStreams: 1 }],
    });
    renderNow();
    const summary = await screen.findByText('9 emisiones abiertas en 2 canales en directo');
    expect(summary).toBe(screen.getByRole('status'));
    expect(summary.getAttribute('aria-live')).toBe('polite');
    expect(screen.getByText(/^Actualizado a las \d{2}:\d{2}:\d{2}$/)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Canales por emisiones abiertas, de más a menos' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['140Deportes 15', '21Pantalla Uno3']);
    expect(
      within(rows[0]!)
        .getByRole('link', { name: /Deportes 1/ })
        .getAttribute('href'),
    ).toBe('/operador/canales/4');
    // Rows are not a live region: only the summary is announced.
    expect(table.closest('[aria-live]')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Cargar más canales' }));
    expect(await within(table).findByRole('link', { name: 'Canal 7 (eliminado)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cargar más canales' })).toBeNull();
  });

  it('says when no live stream is open', async () => {
    pages.first = page({ totalStreams: 1, byKind: { live: 0, catchup: 0, film: 1, episode: 0 } });
    renderNow();
    expect(await screen.findByText('No hay ninguna emisión en directo abierta ahora.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('1 emisión abierta en 0 canales en directo');
  });
});
