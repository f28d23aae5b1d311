import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from '../../../test/context';
import { refreshCookieName } from './session.routes';

/** Test helpers for the identity suites (not shipped: only *.test.ts import it). */

export const DEMO = { email: 'demo@pantalla.test', password: 'demo1234' };
export const BASICO = { email: 'basico@pantalla.test', password: 'basico1234' };

export interface LoginInput {
  username: string;
  password: string;
  rememberMe?: boolean;
}

export function login(
  ctx: TestContext,
  input: LoginInput,
  options: { ip?: string; cookie?: string } = {},
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { flow: 'password', ...input },
    remoteAddress: options.ip ?? '127.0.0.1',
    ...(options.cookie ? { cookies: { [refreshCookieName(ctx.config.publicUrl)]: options.cookie } } : {}),
  });
}

export function refresh(ctx: TestContext, cookie?: string): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { flow: 'refresh' },
    ...(cookie ? { cookies: { [refreshCookieName(ctx.config.publicUrl)]: cookie } } : {}),
  });
}

/** The refresh cookie a response set (pantalla_rt, __Secure-pantalla_rt over https), with its attributes. */
export function refreshCookieOf(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === 'pantalla_rt' || c.name === '__Secure-pantalla_rt');
}

/** The Set-Cookie header line for pantalla_rt, to check attributes as the browser sees them. */
export function refreshSetCookieLine(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header ? [header] : [];
  return lines.find((l) => l.startsWith('pantalla_rt=')) ?? '';
}

/** Signs in and answers the idToken and the refresh cookie's value. */
export async function signIn(ctx: TestContext, input: LoginInput = { username: DEMO.email, password: DEMO.password }) {
  const res = await login(ctx, input);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const body = res.json<{ idToken: string; userId: number }>();
  return { idToken: body.idToken, userId: body.userId, cookie: refreshCookieOf(res)?.value ?? '' };
}

export const bearer = (idToken: string) => ({ authorization: `Bearer ${idToken}` });

/** A registration form that passes every rule; override what a test is about. */
export function registrationForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    form: 'register',
    twoStep: false,
    username: 'Lucía',
    user_secondname: 'Pérez Gómez',
    login: `nuevo-${Math.random().toString(36).slice(2, 10)}@pantalla.test`,
    passw: 'secreto1',
    country: 'ES',
    sport: 'futbol',
    birthday: '1990-05-17',
    website: '',
    ...overrides,
  };
}

/** A form token from GET /registration/form, aged past the minimum fill time. */
export async function formToken(ctx: TestContext): Promise<string> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/registration/form' });
  const { formToken: token, minFillMs } = res.json<{ formToken: string; minFillMs: number }>();
  ctx.clock.advance(minFillMs);
  return token;
}

/** POST /registration with a fresh form token unless the payload brings its own. */
export async function register(
  ctx: TestContext,
  payload: Record<string, unknown>,
  ip = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  const body = 'formToken' in payload ? payload : { ...payload, formToken: await formToken(ctx) };
  return ctx.app.inject({ method: 'POST', url: '/api/v1/registration', payload: body, remoteAddress: ip });
}
