import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Channel, EventDetail, MyListItem } from '@pantalla/contracts';
import { setLanguage } from '../../../lib/i18n';
import { MyListScreen } from './my-list-screen';

vi.mock('../../account', () => ({ useAuthenticatedUser: () => ({ email: 'ana@example.test', regionId: 1 }) }));

type Answer = { status: number; body?: unknown };
type Handler = (method: string, url: URL) => Answer | undefined;
/** Every request's method, path and query, in order. */
const asked: string[] = [];
function stubApi(handler: Handler) {
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      asked.push(`${method} ${url.pathname}${url.search}`);
      // The start-up load's lists (lineups, channels…): empty.
      const answer = handler(method, url) ?? { status: 200, body: { resources: [] } };
      return Promise.resolve(
        new Response(answer.status === 204 ? null : JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
}

const item = (kind: MyListItem['kind'], id: number, title: string): MyListItem => ({
  kind,
  id,
  title,
  addedAt: 1_800_000_000_000 - id,
});
const notFound = { status: 404, body: { statusCode: 404, code: 'not_found', message: 'No existe.' } };

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderScreen(at = '/mi-lista/', seed?: (client: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  seed?.(client);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return render(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <MyListScreen />
            <Where />
          </>
        }
      />
    </Routes>,
    { wrapper },
  );
}

beforeEach(async () => {
  await setLanguage('es');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MyListScreen', () => {
  it('links films and series to their pages, says a programme left the guide, and pages on with the cursor', async () => {
    stubApi((method, url) => {
      if (url.pathname === '/api/v1/my-list') {
        if (url.searchParams.get('cursor') === 'next-1')
          return { status: 200, body: { items: [item('series', 9, 'Serie segunda página')], nextCursor: null } };
        return {
          status: 200,
          body: { items: [item('film', 1, 'La película'), item('programme', 5, 'Telediario')], nextCursor: 'next-1' },
        };
      }
      if (url.pathname === '/api/v1/events/5') return notFound;
      return undefined;
    });
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi lista' })).toBeTruthy();
    const film = await screen.findByRole('link', { name: /La película/ });
    expect(film.getAttribute('href')).toBe('/detail/content/1');
    expect(await screen.findByText(/Ya no está en la guía/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Telediario/ })).toBeNull();
    expect(asked).toContain('GET /api/v1/my-list?limit=30');

    await userEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    const series = await screen.findByRole('link', { name: /Serie segunda página/ });
    expect(series.getAttribute('href')).toBe('/detail/serie/9');
    expect(asked).toContain('GET /api/v1/my-list?limit=30&cursor=next-1');
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
  });

  it('links a programme to its page with its channel and airing', async () => {
    const start = Date.UTC(2030, 4, 10, 20);
    stubApi((_method, url) =>
      url.pathname === '/api/v1/my-list'
        ? { status: 200, body: { items: [item('programme', 7, 'Noticias')], nextCursor: null } }
        : undefined,
    );
    // The programme and the channel list as the cache holds them after the guide or the start-up load.
    const seed = (client: QueryClient) => {
      client.setQueryData(['browse', 'event', 7], {
        type: 'event',
        id: 7,
        channelId: 3,
        startTime: start,
        endTime: start + 3_600_000,
        title: 'Noticias de la noche',
        images: [],
      } as unknown as EventDetail);
      client.setQueryData(['catalogue', 'channels', 1], { resources: [{ id: 3, name: 'Canal Tres' } as Channel] });
    };
    renderScreen('/mi-lista/?kind=programme', seed);
    const link = await screen.findByRole('link', { name: /Noticias de la noche/ });
    expect(link.getAttribute('href')).toBe('/detail/event/7');
    expect(link.textContent).toContain('Canal Tres');
    expect(link.textContent).toMatch(/Programa · Canal Tres.+–/);
    expect(asked).toContain('GET /api/v1/my-list?limit=30&kind=programme');
    expect(screen.getByRole('button', { name: 'Programas' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Todo' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('filters by kind in the address, and says how to add when a kind has nothing', async () => {
    stubApi((_method, url) => {
      if (url.pathname !== '/api/v1/my-list') return undefined;
      const kind = url.searchParams.get('kind');
      const items = kind === 'series' ? [] : [item('film', 1, 'La película')];
      return { status: 200, body: { items, nextCursor: null } };
    });
    renderScreen();
    await screen.findByRole('link', { name: /La película/ });
    await userEvent.click(screen.getByRole('button', { name: 'Series' }));
    expect(await screen.findByText('No tienes series en tu lista.')).toBeTruthy();
    expect(screen.getByText(/Pulsa «Mi lista» en la página de una película/)).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/mi-lista/?kind=series');
    expect(screen.getByRole('button', { name: 'Series' }).getAttribute('aria-pressed')).toBe('true');
    expect(asked).toContain('GET /api/v1/my-list?limit=30&kind=series');
  });

  it('removes an entry at once, and puts it back when the server refuses', async () => {
    let refuse = false;
    const deleted: string[] = [];
    let items = [item('film', 1, 'Primera'), item('series', 2, 'Segunda')];
    let release: () => void = () => undefined;
    stubApi((method, url) => {
      if (method === 'DELETE') {
        deleted.push(url.pathname);
        if (refuse) return { status: 500, body: { statusCode: 500, code: 'internal', message: 'x' } };
        items = items.filter((i) => !url.pathname.endsWith(`/${i.kind}/${i.id}`));
        return { status: 204 };
      }
      if (url.pathname === '/api/v1/my-list') return { status: 200, body: { items, nextCursor: null } };
      return undefined;
    });
    // The DELETE is held until released, so the screen is seen between the press and the answer.
    const fetchStub = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) =>
        init?.method === 'DELETE'
          ? new Promise<Response>((resolve) => {
              release = () => resolve(fetchStub(input, init));
            })
          : fetchStub(input, init),
      ),
    );
    renderScreen();
    const list = await screen.findByRole('list');
    await within(list).findByRole('link', { name: /Primera/ });

    await userEvent.click(screen.getByRole('button', { name: 'Quitar «Primera» de Mi lista' }));
    // Gone before the server answers; focus moved to the next card.
    expect(screen.queryByRole('link', { name: /Primera/ })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: /Segunda/ }));
    release();
    expect(await screen.findByText('«Primera» se ha quitado de tu lista.')).toBeTruthy();
    expect(deleted).toEqual(['/api/v1/my-list/film/1']);

    refuse = true;
    await userEvent.click(screen.getByRole('button', { name: 'Quitar «Segunda» de Mi lista' }));
    expect(screen.queryByRole('link', { name: /Segunda/ })).toBeNull();
    release();
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'No se pudo quitar «Segunda» de tu lista. Inténtalo de nuevo.',
    );
    expect(await screen.findByRole('link', { name: /Segunda/ })).toBeTruthy();
  });
});
