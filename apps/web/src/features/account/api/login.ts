import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { signInLinkSentSchema, userInfoSchema, type SignInLinkSent, type UserInfo } from '@pantalla/contracts';
import { ApiError, api } from '../../../lib/api-client';
import { session } from '../stores/session';
import { DEFAULT_PROFILE, createProfile } from './create-profile';
import { getAccount } from './get-account';
import { getProfiles } from './get-profiles';

export interface LoginInput {
  username: string;
  password: string;
  rememberMe: boolean;
}

const passwordAnswerSchema = z.union([userInfoSchema, signInLinkSentSchema]);

/**
 * POST /login, password flow. The refresh token comes back only as an httpOnly cookie. While
 * the account or this address is under attack and this browser is not remembered, the answer
 * is the mailed-link step (202) instead of the user info.
 */
export function loginWithPassword(input: LoginInput): Promise<UserInfo | SignInLinkSent> {
  return api.post('/login', { flow: 'password', ...input }, { schema: passwordAnswerSchema, auth: false });
}

/** POST /login, link flow: the mailed sign-in link's token; this browser is remembered after it. */
export function loginWithLink(token: string): Promise<UserInfo> {
  return api.post('/login', { flow: 'link', token }, { schema: userInfoSchema, auth: false });
}

/** The sign-in goes on by mail: no session now, a link in the mailbox (if the password was right). */
export class SignInLinkSentError extends Error {
  constructor() {
    super('sign-in link sent');
    this.name = 'SignInLinkSentError';
  }
}

/** Which step failed: the credentials/account calls (400 means message 29) or the profiles. */
export class SignInError extends Error {
  readonly step: 'login' | 'profiles';
  readonly apiError: ApiError;

  constructor(step: 'login' | 'profiles', cause: unknown) {
    const apiError = cause instanceof ApiError ? cause : new ApiError(0, 'network_error', String(cause));
    super(apiError.message);
    this.name = 'SignInError';
    this.step = step;
    this.apiError = apiError;
  }
}

/**
 * The spec's login: save the token, fetch profiles (creating the default one when there
 * is none) and the account's region, then become authenticated.
 */
export async function signIn(input: LoginInput): Promise<UserInfo> {
  let answer: UserInfo | SignInLinkSent;
  try {
    answer = await loginWithPassword(input);
  } catch (error) {
    throw new SignInError('login', error);
  }
  if ('step' in answer) throw new SignInLinkSentError();
  return finishSignIn(answer);
}

/** The mailed link's sign-in, then the same steps as a password sign-in. */
export async function signInWithLink(token: string): Promise<UserInfo> {
  let info: UserInfo;
  try {
    info = await loginWithLink(token);
  } catch (error) {
    throw new SignInError('login', error);
  }
  return finishSignIn(info);
}

/** Profiles (the default one created when there is none) and the region, then authenticated. */
async function finishSignIn(info: UserInfo): Promise<UserInfo> {
  session.beginLogin(info.idToken);
  try {
    const [profileList, account] = await Promise.all([
      getProfiles().catch((error: unknown) => Promise.reject(new SignInError('profiles', error))),
      getAccount().catch((error: unknown) => Promise.reject(new SignInError('login', error))),
    ]);
    const profiles = profileList.resources.length > 0 ? profileList.resources : [await createProfile(DEFAULT_PROFILE)];
    const signedIn: UserInfo = { ...info, profiles, regionId: account.resources[0]?.regionId ?? info.regionId };
    session.authenticate(signedIn);
    return signedIn;
  } catch (error) {
    session.abortLogin();
    throw error instanceof SignInError ? error : new SignInError('profiles', error);
  }
}

export function useLogin() {
  return useMutation({ mutationFn: signIn });
}

/** How the login screen reports a failure (spec section 8). */
export type SignInFailure =
  | { kind: 'link-sent' }
  | { kind: 'alert'; message: 'credentials' }
  | { kind: 'alert'; message: 'server'; text: string }
  | { kind: 'fatal' };

export function classifySignInError(error: unknown): SignInFailure {
  if (error instanceof SignInLinkSentError) return { kind: 'link-sent' };
  if (error instanceof SignInError) {
    const { status, message } = error.apiError;
    if (status === 429) return { kind: 'alert', message: 'server', text: message };
    // The spec says 400; a 401 for bad credentials means the same to the user.
    if ((status === 400 || status === 401) && error.step === 'login') return { kind: 'alert', message: 'credentials' };
  }
  return { kind: 'fatal' };
}
