import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { queryClient } from '../../lib/query-client';
import { setLanguage } from '../../lib/i18n';
import { AppProvider } from '../provider';
import { routes } from '../router';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const NOTICE = /Servidor de pruebas: los pagos usan el sandbox/;

function answering(stagingSandbox: boolean) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/api/v1/payments/status')) return json(200, { purchases: true, stagingSandbox });
    return json(200, { resources: [], total: 0 });
  });
}

function renderAt(path: string) {
  render(
    <AppProvider>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </AppProvider>,
  );
}

describe('the staging notice', () => {
  beforeEach(async () => {
    await setLanguage('es');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it(
    'is in the footer of every page when the server serves the payment sandbox in production',
    { timeout: 90_000 },
    async () => {
      vi.stubGlobal('fetch', answering(true));
      for (const path of ['/', '/lostpassword/']) {
        renderAt(path);
        const footer = await screen.findByRole('note', {}, { timeout: 60_000 });
        expect(footer.textContent).toMatch(NOTICE);
        cleanup();
      }
    },
  );

  it('is absent on a server that takes real payments', { timeout: 90_000 }, async () => {
    const fetchMock = answering(false);
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/lostpassword/');
    await screen.findByRole('button', { name: 'Recuperar contraseña' }, { timeout: 60_000 });
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/payments/status'))).toBe(true),
    );
    expect(screen.queryByText(NOTICE)).toBeNull();
  });
});
