import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGN_IN_LINK_INVALID, SIGN_IN_LINK_SENT } from '@pantalla/contracts';
import { i18n } from '../../../lib/i18n';
import { classifySignInError, SignInError, SignInLinkSentError, signIn, signInWithLink } from './login';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fixedT = i18n.getFixedT.bind(i18n) as unknown as (lng: string) => (key: string) => string;

describe('the sign-in link step', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a 202 of the password flow is the link step, not a session and not a failure to report', async () => {
    const fetch = vi.fn(async () => json(202, { step: 'sign-in-link', message: SIGN_IN_LINK_SENT }));
    vi.stubGlobal('fetch', fetch);
    const error = await signIn({ username: 'demo@pantalla.test', password: 'demo1234', rememberMe: true }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SignInLinkSentError);
    expect(classifySignInError(error)).toEqual({ kind: 'link-sent' });
    // Only the login call: no profiles or account are asked for without a session.
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('sends the link’s token in the link flow; a dead link is a login-step 400', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      expect(JSON.parse(String(init?.body))).toEqual({ flow: 'link', token: 'tok' });
      return json(400, { statusCode: 400, code: 'bad_request', message: SIGN_IN_LINK_INVALID });
    });
    vi.stubGlobal('fetch', fetch);
    const error = await signInWithLink('tok').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SignInError);
    expect(error).toMatchObject({ step: 'login', apiError: { status: 400, message: SIGN_IN_LINK_INVALID } });
  });

  it('says in Spanish exactly what the server says', () => {
    expect(fixedT('es')('login.linkSent.text')).toBe(SIGN_IN_LINK_SENT);
    expect(fixedT('es')('signInLink.invalid')).toBe(SIGN_IN_LINK_INVALID);
    expect(fixedT('en')('login.linkSent.title')).toBe('Check your email');
  });
});
