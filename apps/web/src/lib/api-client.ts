import { errorBodySchema, userInfoSchema, type UserInfo } from '@pantalla/contracts';
import type { z } from 'zod';
import { PROFILE_HEADER, currentProfile, profileRefused } from './current-profile';

/** Base path of every API route. */
export const API_BASE = '/api/v1';

/** A failed call: the server's JSON error, or status 0 for a network failure. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly data: unknown;

  constructor(status: number, code: string, message: string, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.data = data;
  }

  /** True when the request never got an HTTP answer (offline, DNS, reset). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** Tells the client where the in-memory idToken is and who hears about refreshes. */
export interface SessionBinding {
  getIdToken(): string | null;
  /** A refresh succeeded: the new user info (new idToken) replaces the old. */
  onRefreshed(info: UserInfo): void;
  /** A refresh was refused: the session is over. */
  onRefreshFailed(error: ApiError): void;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Validates the answer; without it the body is returned as parsed JSON. */
  schema?: z.ZodType<T>;
  /** Send the Bearer idToken and refresh once on 401 (default true). */
  auth?: boolean;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions<T>): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>): Promise<T>;
  /** Exchanges the httpOnly refresh cookie for new user info; concurrent callers share one call. */
  refresh(): Promise<UserInfo>;
  bindSession(binding: SessionBinding | null): void;
}

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Runs the refresh exclusively across tabs; Web Locks by default. */
  exclusive?: <T>(fn: () => Promise<T>) => Promise<T>;
}

/**
 * Refresh tokens rotate and a replayed one revokes the family, so two tabs refreshing
 * with the same cookie at once would sign the user out. A Web Lock makes them take turns;
 * the second then sends the cookie the first one received.
 */
function webLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request('pantalla.refresh', fn) as Promise<T>) : fn();
}

function buildUrl(baseUrl: string, path: string, query: RequestOptions<unknown>['query']): string {
  const url = `${baseUrl}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // A proxy's HTML error page or an empty body: fall back to the status line.
  }
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success) return new ApiError(response.status, parsed.data.code, parsed.data.message, parsed.data.data);
  return new ApiError(response.status, 'http_error', response.statusText || `HTTP ${response.status}`);
}

/** Makes the app's one fetch client: JSON in and out, Bearer idToken, one refresh on 401. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? API_BASE;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const exclusive = options.exclusive ?? webLock;
  let session: SessionBinding | null = null;
  let refreshing: Promise<UserInfo> | null = null;

  async function send(path: string, opts: RequestOptions<unknown>, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    // The profile is the server-signed token chosen at "¿Quién está viendo?" (issue 30), only with the sign-in.
    const profile = token ? currentProfile.token() : null;
    if (profile) headers[PROFILE_HEADER] = profile;
    // The app's language (kept on <html lang>): the server answers refusals in it and records it for the account's mails.
    const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
    if (language === 'es' || language === 'en' || language === 'de') headers['accept-language'] = language;
    try {
      return await doFetch(buildUrl(baseUrl, path, opts.query), {
        method: opts.method ?? 'GET',
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: opts.signal,
        // The refresh cookie is httpOnly and same-origin; it must travel with login calls.
        credentials: 'same-origin',
      });
    } catch (error) {
      if (opts.signal?.aborted) throw error;
      throw new ApiError(0, 'network_error', error instanceof Error ? error.message : 'Network error');
    }
  }

  async function parse<T>(response: Response, schema: z.ZodType<T> | undefined): Promise<T> {
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    if (!schema) return body as T;
    const result = schema.safeParse(body);
    if (!result.success)
      throw new ApiError(response.status, 'invalid_response', 'Unexpected answer from the server', result.error.issues);
    return result.data;
  }

  function refresh(): Promise<UserInfo> {
    refreshing ??= (async () => {
      try {
        const response = await exclusive(() => send('/login', { method: 'POST', body: { flow: 'refresh' } }, null));
        if (!response.ok) throw await toApiError(response);
        const info = await parse(response, userInfoSchema);
        session?.onRefreshed(info);
        return info;
      } catch (error) {
        const apiError = error instanceof ApiError ? error : new ApiError(0, 'network_error', String(error));
        // Only a refusal ends the session; a network blip leaves it to the next attempt.
        if (apiError.status === 400 || apiError.status === 401 || apiError.status === 403)
          session?.onRefreshFailed(apiError);
        throw apiError;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  async function request<T>(path: string, opts: RequestOptions<T> = {}): Promise<T> {
    const useAuth = opts.auth !== false;
    const token = useAuth ? (session?.getIdToken() ?? null) : null;
    let response = await send(path, opts, token);
    if (response.status === 401 && useAuth && session) {
      // The idToken may have expired under us: refresh once, then retry once.
      try {
        await refresh();
      } catch {
        throw await toApiError(response);
      }
      response = await send(path, opts, session.getIdToken());
    }
    if (!response.ok) {
      const error = await toApiError(response);
      // The profile token died with an old sign-in (or its profile was deleted): drop it and ask once more.
      const profile = currentProfile.get();
      if (!profileRefused(error) || !profile?.token) throw error;
      currentProfile.set({ ...profile, token: null });
      response = await send(path, opts, token === null ? null : (session?.getIdToken() ?? null));
      if (!response.ok) throw await toApiError(response);
    }
    return parse(response, opts.schema);
  }

  return {
    request,
    get: (path, opts) => request(path, { ...opts, method: 'GET' }),
    post: (path, body, opts) => request(path, { ...opts, method: 'POST', body }),
    refresh,
    bindSession(binding) {
      session = binding;
    },
  };
}

/** The app's client; the account feature binds the session to it. */
export const api = createApiClient();
