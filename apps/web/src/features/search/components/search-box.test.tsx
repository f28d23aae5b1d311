import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { SearchResponse, Series } from '@pantalla/contracts';
import { setLanguage } from '../../../lib/i18n';
import { keyInBox, stepActive } from '../lib/box-keys';
import { SearchBox } from './search-box';

const series: Series = {
  type: 'show',
  id: 2003,
  title: 'Hospital Alameda',
  description: 'Urgencias.',
  longDescription: 'Urgencias.',
  year: 2020,
  countryOfOrigin: 'España',
  genres: [],
  credits: [],
  images: [],
  parental: 2,
  seasonCount: 2,
  format: 'VOD',
  access: { packageId: 1, owned: true, productId: null },
};

function answer(term: string): SearchResponse {
  return {
    term,
    resources: [
      {
        resource: {
          id: series.id,
          title: series.title,
          description: '',
          longDescription: '',
          type: 'serie',
          images: [],
          item: series,
        },
      },
    ],
  };
}

let fetchMock: ReturnType<typeof vi.fn>;

function renderBox() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <SearchBox /> }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, box: screen.getByRole('combobox', { name: 'Buscar' }) };
}

const askedTerms = () => fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x').searchParams.get('term'));

beforeEach(async () => {
  await setLanguage('es');
  fetchMock = vi.fn(async (url: string) => {
    const term = new URL(url, 'http://x').searchParams.get('term') ?? '';
    return new Response(JSON.stringify(answer(term)), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SearchBox', () => {
  it('asks nothing under 3 characters, counting after stripping', async () => {
    const { box } = renderBox();
    await userEvent.type(box, 'a.b/');
    expect(await screen.findByText('Escribe al menos 3 caracteres')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the stripped term from 3 characters and lists suggestions', async () => {
    const { box } = renderBox();
    await userEvent.type(box, 'ho(s)');
    await waitFor(() => expect(askedTerms()).toEqual(['hos']));
    expect(String(fetchMock.mock.calls[0]![0])).toContain('resolveReferences=true');
    expect(await screen.findByRole('option', { name: /Hospital Alameda/ })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Ver todos los resultados de «hos»' })).toBeTruthy();
  });

  it('clears the suggestions when the box is emptied', async () => {
    const { box } = renderBox();
    await userEvent.type(box, 'hospital');
    await screen.findByRole('option', { name: /Hospital Alameda/ });
    await userEvent.clear(box);
    expect(screen.queryAllByRole('option')).toEqual([]);
  });

  it('is keyboard operable: arrows pick a suggestion, Enter opens it', async () => {
    const { box, router } = renderBox();
    await userEvent.type(box, 'hospital');
    await screen.findByRole('option', { name: /Hospital Alameda/ });
    await userEvent.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]!.id);
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/detail/serie/2003');
  });

  it('Enter without a chosen suggestion opens /search/{term}; Escape closes the list', async () => {
    const { box, router } = renderBox();
    await userEvent.type(box, 'hos*pital');
    await screen.findByRole('option', { name: /Hospital Alameda/ });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryAllByRole('option')).toEqual([]);
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/search/hospital');
  });
});

describe('the box’s keys', () => {
  it('arrows move through the options and past either end back to the box (-1)', () => {
    expect(keyInBox('ArrowDown', -1, 3, true)).toEqual({ kind: 'move', step: 1 });
    expect(keyInBox('ArrowUp', -1, 0, true)).toBeNull();
    expect([stepActive(-1, 1, 3), stepActive(2, 1, 3), stepActive(-1, -1, 3), stepActive(0, -1, 3)]).toEqual([
      0, -1, 2, -1,
    ]);
  });
  it('Escape closes the popup, or empties a box without one; Enter picks the active option only', () => {
    expect(keyInBox('Escape', 0, 3, true)).toEqual({ kind: 'dismiss' });
    expect(keyInBox('Escape', -1, 3, false)).toEqual({ kind: 'clear' });
    expect(keyInBox('Enter', 1, 3, true)).toEqual({ kind: 'choose', index: 1 });
    expect(keyInBox('Enter', -1, 3, true)).toBeNull();
    expect(keyInBox('a', 0, 3, true)).toBeNull();
  });
});
