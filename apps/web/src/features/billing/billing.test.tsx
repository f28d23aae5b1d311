import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { ReactNode } from 'react';
import type { BillingEntry, BillingHistoryResponse, Receipt } from '@pantalla/contracts';
import { setLanguage } from '../../lib/i18n';
import { BillingHistorySection } from './components/billing-history-section';
import { PastDueSlot } from './components/past-due-slot';
import { ReceiptScreen } from './components/receipt-screen';

const vat = { country: 'ES', ratePercent: 21, includedCents: 260 };
const entry = (id: string, kind: BillingEntry['kind'], receipt: boolean): BillingEntry => ({
  id,
  kind,
  at: '2026-11-28T10:00:00Z',
  purchaseId: 'pur_1',
  productTitle: 'Deportes Plus',
  amountCents: 1499,
  currency: 'EUR',
  vat,
  method: { brand: 'visa', last4: '4242' },
  receipt,
});
const receipt: Receipt = {
  number: '2026-000042',
  kind: 'payment',
  issuedAt: '2026-11-28T10:00:00Z',
  seller: { name: 'Pantalla Medios S.L.', taxId: 'B12345678', address: 'Calle Mayor 1, Madrid' },
  buyer: { name: 'Ana Facturas', email: 'ana@pantalla.test' },
  description: 'Deportes Plus (mensual)',
  totalCents: 1499,
  currency: 'EUR',
  vat,
  method: { brand: 'visa', last4: '4242' },
  period: { from: '2026-11-28T10:00:00Z', to: '2026-12-28T10:00:00Z' },
};

let routes: Record<string, unknown>;
let fetchMock: ReturnType<typeof vi.fn>;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderWith(element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/settings/'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(async () => {
  await setLanguage('es');
  sessionStorage.clear();
  routes = {};
  fetchMock = vi.fn(async (url: string) => {
    const u = new URL(url, 'http://x');
    const key = `${u.pathname}${u.searchParams.get('cursor') ? `?cursor=${u.searchParams.get('cursor')}` : ''}`;
    return key in routes ? json(routes[key]) : json({ code: 'not_found', message: 'No existe' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('payment history', () => {
  it('lists payments with VAT and a receipt link, a failed renewal without one, and pages with the cursor', async () => {
    const first: BillingHistoryResponse = {
      entries: [entry('bil_aaaaaaaa', 'payment', true), entry('bil_bbbbbbbb', 'failed_renewal', false)],
      nextCursor: 'c2',
    };
    const second: BillingHistoryResponse = { entries: [entry('bil_cccccccc', 'refund', true)], nextCursor: null };
    routes['/api/v1/billing/history'] = first;
    routes['/api/v1/billing/history?cursor=c2'] = second;
    renderWith(<BillingHistorySection />);
    const links = await screen.findAllByRole('link', { name: /^Ver el recibo de Deportes Plus del 28\/11\/2026/ });
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('/settings/receipts/bil_aaaaaaaa');
    expect(screen.getAllByText('IVA incluido (21 %): 2,60 €')).toHaveLength(2);
    expect(screen.getByText('Renovación fallida')).toBeTruthy();
    expect(screen.getAllByText('Visa •••• 4242')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Ver más' }));
    expect(await screen.findByText('Reembolso')).toBeTruthy();
    expect(screen.getByText('-14,99 €')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ver más' })).toBeNull();
  });
});

describe('receipt', () => {
  it('shows seller, buyer, number, period, VAT with its rate and total, and prints', async () => {
    routes['/api/v1/billing/receipts/bil_aaaaaaaa'] = receipt;
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderWith(<ReceiptScreen entryId="bil_aaaaaaaa" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Recibo' })).toBeTruthy();
    expect(screen.getByText('Pantalla Medios S.L.')).toBeTruthy();
    expect(screen.getByText('NIF: B12345678')).toBeTruthy();
    expect(screen.getByText('ana@pantalla.test')).toBeTruthy();
    expect(screen.getByTestId('receipt-number').textContent).toBe('2026-000042');
    expect(screen.getByText('Del 28 de noviembre de 2026 al 28 de diciembre de 2026')).toBeTruthy();
    expect(screen.getByText('IVA incluido (21 %)')).toBeTruthy();
    expect(screen.getByTestId('receipt-vat').textContent).toBe('2,60 €');
    expect(screen.getByTestId('receipt-total').textContent).toBe('14,99 €');
    await userEvent.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: /Volver a Ajustes/ }).getAttribute('href')).toBe('/settings/');
  });

  it('says when a receipt does not exist', async () => {
    renderWith(<ReceiptScreen entryId="bil_zzzzzzzz" />);
    expect(await screen.findByText('No encontramos este recibo.')).toBeTruthy();
  });
});

describe('past-due banner', () => {
  it('says until when and links to the payment method; dismissed, it stays away for the session', async () => {
    routes['/api/v1/billing/alert'] = {
      pastDue: { purchaseId: 'pur_1', title: 'Deportes Plus', graceUntil: '2026-12-05T10:00:00Z' },
    };
    renderWith(<PastDueSlot />);
    expect(
      await screen.findByText(
        'No pudimos cobrar la renovación de Deportes Plus. Actualiza tu tarjeta antes del 5 de diciembre de 2026 para no perder el acceso.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Actualizar tarjeta' }).getAttribute('href')).toBe(
      '/settings/#payment-method',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar aviso' }));
    await waitFor(() => expect(screen.queryByTestId('past-due-banner')).toBeNull());
    // A new page load in the same tab: still dismissed.
    renderWith(<PastDueSlot />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(screen.queryByTestId('past-due-banner')).toBeNull();
  });

  it('shows nothing when no renewal failed', async () => {
    routes['/api/v1/billing/alert'] = { pastDue: null };
    renderWith(<PastDueSlot />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    expect(screen.queryByTestId('past-due-banner')).toBeNull();
  });
});
