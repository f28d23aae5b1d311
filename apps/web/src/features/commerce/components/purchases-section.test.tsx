import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { OwnedPurchase, PpvSubsProduct } from '@pantalla/contracts';
import { setLanguage } from '../../../lib/i18n';
import { PurchasesSection } from './purchases-section';

const base: OwnedPurchase = {
  purchaseId: 'pur_1',
  packageId: 3,
  title: 'Deportes Plus',
  subtitle: '',
  kind: 'subscription',
  priceCents: 1499,
  currency: 'EUR',
  purchasedAt: '2026-11-28T10:00:00Z',
  endsAt: '2026-12-28T10:00:00Z',
  state: 'active',
  renewsAt: '2026-12-28T10:00:00Z',
  trialEndsAt: null,
  graceUntil: null,
  pendingSwitch: null,
};
const product = (id: number, title: string, priceCents: number): PpvSubsProduct => ({
  id,
  packageID: id,
  price: '',
  priceCents,
  curr: 'EUR',
  fcIni: '',
  fcEnd: null,
  title,
  subtitle: '',
  recurring: true,
  interval: 'month',
  evID: null,
  channelId: null,
});

let subscriptions: OwnedPurchase[];
let fetchMock: ReturnType<typeof vi.fn>;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PurchasesSection />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await setLanguage('es');
  subscriptions = [base];
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://x').pathname;
    if (path === '/api/v1/purchases') return json({ subscriptions, ppv: [] });
    if (path === '/api/v1/productosppv')
      return json({
        ppvSubsProducts: [
          product(3, 'Deportes Plus', 1499),
          product(4, 'Series y AMC', 799),
          product(5, 'Total', 2499),
        ],
      });
    if (init?.method === 'POST') return json(base);
    return json({ code: 'not_found', message: 'No existe' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('subscriptions in the settings', () => {
  it('says each state in words and dates', async () => {
    subscriptions = [
      {
        ...base,
        purchaseId: 'a',
        title: 'Prueba',
        state: 'trialing',
        trialEndsAt: '2026-12-05T10:00:00Z',
        renewsAt: '2026-12-05T10:00:00Z',
      },
      { ...base, purchaseId: 'b', title: 'Impagada', state: 'past_due', graceUntil: '2026-12-07T10:00:00Z' },
      { ...base, purchaseId: 'c', title: 'Cancelada', state: 'cancelled', renewsAt: null },
    ];
    renderSection();
    expect(
      await screen.findByText('Periodo de prueba hasta el 5 de diciembre de 2026; después se cobrarán 14,99 € al mes.'),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'No pudimos cobrar la renovación. Actualiza tu tarjeta antes del 7 de diciembre de 2026 para no perder el acceso.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Actualizar tarjeta' }).getAttribute('href')).toBe('#payment-method');
    expect(
      screen.getByText('Tendrás acceso hasta el 28 de diciembre de 2026. No se te cobrará nada más.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reactivar Cancelada' }));
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url).endsWith('/purchases/c/reactivate') && (init as RequestInit).method === 'POST',
      ),
    ).toBe(true);
  });

  it('cancelling says until when access lasts before asking', async () => {
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar Deportes Plus' }));
    const group = screen.getByRole('group', { name: 'Cancelar Deportes Plus' });
    expect(
      within(group).getByText(
        'Si cancelas, tendrás acceso hasta el 28 de diciembre de 2026 y no se te volverá a cobrar. ¿Cancelar la suscripción?',
      ),
    ).toBeTruthy();
    await userEvent.click(within(group).getByRole('button', { name: 'Sí, cancelar' }));
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/purchases/pur_1/cancel'))).toBe(true);
  });

  it('switching says whether it applies now with proration (dearer) or at renewal, then asks the server', async () => {
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Cambiar Deportes Plus a otro plan' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Total · 24,99 €' }));
    expect(
      screen.getByText(/^Total cuesta 24,99 € al mes\. El cambio se aplica ahora: hoy se cobra la parte proporcional/),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Series y AMC · 7,99 €' }));
    expect(
      screen.getByText(
        'Series y AMC cuesta 7,99 € al mes. El cambio se aplicará en la renovación del 28 de diciembre de 2026; hasta entonces sigues con tu plan actual.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /^Deportes Plus/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar cambio' }));
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/purchases/pur_1/switch'));
    expect(JSON.parse(String((call?.[1] as RequestInit).body))).toEqual({ productId: 4 });
    expect(await screen.findByText('El cambio queda programado.')).toBeTruthy();
  });
});
