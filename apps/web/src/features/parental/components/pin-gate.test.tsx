import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { UserInfo } from '@pantalla/contracts';
import { setLanguage } from '../../../lib/i18n';
import { session } from '../../account';
import { adultEntryStore, AdultPinGate } from './pin-gate';
import { PIN_REASK_SECONDS } from '../lib/pin-rule';

const user: UserInfo = {
  userId: 1,
  idToken: 'token',
  idTokenExpiration: 4_000_000_000,
  idTokenExpirationIso: '',
  refreshTokenExpiration: 4_000_000_000,
  refreshTokenExpirationIso: '',
  rememberMe: true,
  email: 'demo@pantalla.test',
  username: 'Demo',
  skin: { operator: 'Pantalla', provider: 'Pantalla Soporte', logos: [] },
  channelOrder: [],
  regionId: 1,
  profiles: [],
  json_file: 'u.json',
  hasPin: true,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const WRONG = 'El PIN parental que has introducido es incorrecto. Por favor, inténtalo de nuevo';

let fetchMock: ReturnType<typeof vi.fn>;
const onCancel = vi.fn();

function renderGate() {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <AdultPinGate onCancel={onCancel} behind={<h1>Adultos</h1>}>
        <p>Contenido del 162</p>
      </AdultPinGate>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await setLanguage('es');
  sessionStorage.clear();
  onCancel.mockReset();
  fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
    const { pin } = JSON.parse(String(init.body)) as { pin: string };
    return pin === '1234'
      ? json(200, { grantedUntil: Math.floor(Date.now() / 1000) + PIN_REASK_SECONDS })
      : json(400, {
          statusCode: 400,
          code: 'bad_request',
          message: 'El PIN parental que has introducido es incorrecto. Por favor, inténtalo de nuevo',
        });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  // Unmount before the session ends: the gate reads the signed-in user.
  cleanup();
  fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
  if (session.getState().status === 'authenticated') await session.logout();
  vi.unstubAllGlobals();
});

describe('AdultPinGate', () => {
  it('opens at once for a user without a PIN', () => {
    session.authenticate({ ...user, hasPin: false });
    renderGate();
    expect(screen.getByText('Contenido del 162')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the server once 4 digits are typed; a wrong PIN shows the message, the right one opens', async () => {
    session.authenticate(user);
    renderGate();
    const dialog = screen.getByRole('dialog', { name: 'Sección bloqueada con PIN parental' });
    expect(dialog).toBeTruthy();
    expect(screen.queryByText('Contenido del 162')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Adultos' })).toBeTruthy();
    const input = screen.getByLabelText('PIN parental (4 dígitos)');
    await userEvent.type(input, '123');
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.type(input, '9');
    expect((await screen.findByRole('alert')).textContent).toBe(WRONG);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/v1/parental/verify');
    await userEvent.type(input, '1234');
    await waitFor(() => expect(screen.getByText('Contenido del 162')).toBeTruthy());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(adultEntryStore.read()).not.toBeNull();
  });

  it('lets a recent entry in without asking, and asks again past 900 s', () => {
    session.authenticate(user);
    adultEntryStore.write(Date.now() - 100_000);
    renderGate();
    expect(screen.getByText('Contenido del 162')).toBeTruthy();
    cleanup();
    adultEntryStore.write(Date.now() - (PIN_REASK_SECONDS + 1) * 1000);
    renderGate();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('Volver and Escape leave without a PIN', async () => {
    session.authenticate(user);
    renderGate();
    await userEvent.click(screen.getByRole('button', { name: 'Volver' }));
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });
});
