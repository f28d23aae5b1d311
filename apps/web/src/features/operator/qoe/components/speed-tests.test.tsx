import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ConnDiagRuns } from '@pantalla/contracts';
import { setLanguage } from '../../../../lib/i18n';
import { SpeedTestsSection } from './speed-tests';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
let answer: ConnDiagRuns;
let asked: URL[];

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SpeedTestsSection userId={42} />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await setLanguage('es');
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(new URL(url, 'http://x'));
      return json(answer);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("the subscriber page's speed tests", () => {
  it("lists the account's latest runs with each server's figure, a failed server said as such", async () => {
    answer = {
      items: [
        {
          at: Date.UTC(2026, 10, 28, 10, 0),
          browser: 'Chrome 131',
          os: 'Android',
          screen: 'phone',
          results: [
            { server: 'Pantalla', host: 'pantalla.test', mbps: 48.25 },
            { server: 'Pruebas', host: 'caido.diag.test', mbps: 0 },
          ],
        },
      ],
    };
    renderSection();
    const table = await screen.findByRole('table', { name: /Pruebas de velocidad de la conexión/ });
    expect(within(table).getByText('Pantalla: 48,3 Mbit/s · Pruebas: sin respuesta')).toBeTruthy();
    expect(within(table).getByText(/Chrome 131 · Android/)).toBeTruthy();
    expect(asked[0]?.pathname).toMatch(/\/operator\/qoe\/speed-tests$/);
    expect(asked[0]?.searchParams.get('userId')).toBe('42');
  });

  it('says when the account measured nothing', async () => {
    answer = { items: [] };
    renderSection();
    expect(await screen.findByText('Sin pruebas de velocidad en los últimos 30 días.')).toBeTruthy();
  });
});
