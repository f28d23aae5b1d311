import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, matchRoutes } from 'react-router';
import type { UserInfo } from '@pantalla/contracts';
import { session } from '../features/account';
import { closeError } from '../lib/error-modal-store';
import { queryClient } from '../lib/query-client';
import { setLanguage } from '../lib/i18n';
import { AppProvider } from './provider';
import { routes } from './router';

const info: UserInfo = {
  userId: 2,
  idToken: 'token',
  idTokenExpiration: 4_000_000_000,
  idTokenExpirationIso: '',
  refreshTokenExpiration: 4_000_000_000,
  refreshTokenExpirationIso: '',
  rememberMe: true,
  email: 'basico@pantalla.test',
  username: 'Básico',
  skin: { operator: 'Pantalla', provider: 'Pantalla Soporte', logos: [] },
  channelOrder: [],
  regionId: 1,
  profiles: [],
  json_file: 'u.json',
  hasPin: false,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

/**
 * Imports the screens of these addresses before the tests. Each route's code is loaded
 * lazily, and the first load of a module in a test run is also its transform: on a busy
 * machine that took longer than a findBy's wait, so the first test of the file failed by
 * chance.
 */
async function preloadScreens(...addresses: string[]): Promise<void> {
  const loads = addresses.flatMap((address) =>
    (matchRoutes(routes, address) ?? []).map(({ route }) => (typeof route.lazy === 'function' ? route.lazy() : null)),
  );
  await Promise.all(loads);
}

/**
 * The first render of the app in a test run also pays for warming up React, the router and
 * i18next (several seconds with both cores busy): it happens once here, under the hook's own
 * timeout, so each test waits only for its own screen.
 */
beforeAll(async () => {
  await preloadScreens('/', '/epg/', '/lostpassword/', '/conndiag/');
  await setLanguage('es');
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(200, { resources: [], total: 0 })),
  );
  renderAt('/');
  await screen.findByRole('heading', { name: 'Inicia sesión' }, { timeout: 60_000 });
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
}, 90_000);

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(async () => {
  await setLanguage('es');
  // By default the catalogue answers empty lists, so the start-up load finishes at once.
  fetchMock = vi.fn(async () => json(200, { resources: [], total: 0 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
  if (session.getState().status === 'authenticated') await session.logout();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  closeError();
  queryClient.clear();
});

describe('route guard', () => {
  it('sends a visitor from a guarded route to the login screen at /', async () => {
    const router = renderAt('/epg/');
    expect(await screen.findByRole('heading', { name: 'Inicia sesión' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends an unknown path to /', async () => {
    const router = renderAt('/no/such/page');
    await screen.findByRole('heading', { name: 'Inicia sesión' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('lets a visitor reach the lost-password and registration screens', async () => {
    renderAt('/lostpassword/');
    expect(await screen.findByRole('button', { name: 'Recuperar contraseña' })).toBeTruthy();
  });

  it('shows a signed-in user the home at /', async () => {
    session.authenticate(info);
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Inicio' })).toBeTruthy();
    expect(await screen.findByText('Todavía no hay contenidos en la portada.')).toBeTruthy();
  });
});

describe('login screen', () => {
  it('has email, password, remember-me on by default and the lost-password link', async () => {
    renderAt('/');
    expect(await screen.findByLabelText('Correo electrónico')).toBeTruthy();
    expect(screen.getByLabelText('Contraseña')).toBeTruthy();
    expect((screen.getByLabelText('Recordarme') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('link', { name: '¿Has olvidado tu contraseña?' }).getAttribute('href')).toBe(
      '/lostpassword/',
    );
  });

  it('HTTP 400 shows message 29 in an alert', async () => {
    // A fresh answer per call: every page also asks the server's payments status.
    fetchMock.mockImplementation(async () =>
      json(400, { statusCode: 400, code: 'bad_request', message: 'Credenciales incorrectas' }),
    );
    renderAt('/');
    await userEvent.type(await screen.findByLabelText('Correo electrónico'), 'demo@pantalla.test');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'mal');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'El correo electrónico o la contraseña no son correctos. Revísalos e inténtalo de nuevo.',
    );
    const login = fetchMock.mock.calls.find(([input]) => String(input).includes('/login'));
    const body = JSON.parse(String((login![1] as RequestInit).body)) as Record<string, unknown>;
    expect(body).toEqual({ flow: 'password', username: 'demo@pantalla.test', password: 'mal', rememberMe: true });
  });

  it('429 shows the server’s message', async () => {
    fetchMock.mockImplementation(async () =>
      json(429, { statusCode: 429, code: 'rate_limited', message: 'Demasiados intentos. Espera 15 minutos.' }),
    );
    renderAt('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Iniciar sesión' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Demasiados intentos. Espera 15 minutos.');
  });

  it('a network failure opens the non-recoverable modal with message 30', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderAt('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Iniciar sesión' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Error interno' });
    expect(dialog.textContent).toContain(
      'No ha sido posible conectar con el servicio. Por favor, inténtalo más tarde.',
    );
    expect(screen.queryByRole('button', { name: 'Cerrar' })).toBeNull();
  });

  it('success loads profiles (creating the default) and region, then shows the home', async () => {
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (url === '/api/v1/login') return json(200, info);
      if (url === '/api/v1/profiles' && init.method === 'GET') return json(200, { resources: [] });
      if (url === '/api/v1/profiles') return json(200, { id: 9, isAdult: true, name: 'Default' });
      if (url === '/api/v1/account')
        return json(200, { resources: [{ regionId: 4, email: info.email, hasPin: false }] });
      return json(200, { resources: [], total: 0 });
    });
    renderAt('/');
    await userEvent.type(await screen.findByLabelText('Correo electrónico'), 'basico@pantalla.test');
    await userEvent.type(screen.getByLabelText('Contraseña'), 'basico1234');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(session.getState().status).toBe('authenticated'));
    expect(session.getState().userInfo).toMatchObject({ regionId: 4, profiles: [{ id: 9, name: 'Default' }] });
    const profileCall = fetchMock.mock.calls.find(([url]) => url === '/api/v1/profiles');
    expect((profileCall![1] as RequestInit & { headers: Record<string, string> }).headers.authorization).toBe(
      'Bearer token',
    );
    expect(await screen.findByRole('heading', { name: 'Inicio' })).toBeTruthy();
  });
});
