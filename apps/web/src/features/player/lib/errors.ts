import { PLAYBACK_REFUSAL } from '@pantalla/contracts';

/**
 * The one table from every failure the player meets (a session or licence refusal, a Shaka
 * error, a cast error) to what the user sees (viewing spec section 8).
 */
export type PlayerFailure =
  /** POST /sessions refused: status and the body's `data`. */
  | { source: 'session'; status: number; data: unknown; message?: string }
  /** The licence server refused (Shaka 6007 carries the HTTP answer). */
  | { source: 'licence'; status: number; data: unknown }
  | { source: 'shaka'; code: number; message?: string }
  /** A heartbeat (session push) failed with the server's message. */
  | { source: 'heartbeat'; status: number; data: unknown; message: string }
  /** The origin refused a manifest (its first load or a live refresh) or a signed segment: the session closed or the right to what airs ended. */
  | { source: 'manifest'; status: number; data: unknown; message?: string }
  | { source: 'cast'; code: number }
  | { source: 'unsupported' }
  /** The player could not start: its code did not download ('download') or it failed to attach to the video ('attach'). */
  | { source: 'player-start'; stage: 'download' | 'attach' }
  | { source: 'event-not-found' }
  /** Anything else that failed while loading playback (a fetch), with its HTTP status (0: network). */
  | { source: 'load'; status: number };

/** Message keys in the common table (messages.*). */
export type MessageKey =
  | 'resourcesUnavailable'
  | 'sessionExpired'
  | 'accountMissing'
  | '19'
  | '22'
  | '24'
  | '39'
  | 'castNoReceivers'
  | 'castUnavailable'
  | 'castFailed'
  | 'cannotPlay'
  | 'adBlocker'
  | 'errorResettingSessions';

export type PlayerAction =
  /** Alert 'Su sesión ha caducado…' and reset the app's session. */
  | { kind: 'session-expired' }
  /** Alert that the account does not exist (contact support), then reset. */
  | { kind: 'account-missing' }
  /** 'No tienes derechos de acceso a este contenido' with Volver / Comprar. */
  | { kind: 'no-rights' }
  /** Licence 115: confirm resets DRM sessions and reloads; else alert and go to /. */
  | { kind: 'reset-sessions' }
  /** Session 115: the exceeded-sessions modal (Sí resets and retries). */
  | { kind: 'exceeded-sessions' }
  /** Rating 7 without a fresh grant: ask the PIN, then retry. */
  | { kind: 'pin' }
  /** 3019 / 4012: retry the stream, else reload at the position + 5 s, message 19 on failure. */
  | { kind: 'retry-stream' }
  /** Nothing to show (load interrupted while zapping, the known empty key answer, cast 8004). */
  | { kind: 'ignore' }
  /** Logged only (6001). */
  | { kind: 'log' }
  /** The error modal: title (default 'Error del reproductor') and a message or the server's text. */
  | {
      kind: 'message';
      message?: MessageKey;
      text?: string;
      title?: 'playerError' | '39';
      recoverable: boolean;
      prefix?: 'ERROR: ';
    };

/** Shaka's empty licence answer text that 6008 carries when the key request simply had nothing to do. */
export const EMPTY_LICENSE_RESPONSE = /empty/i;

export const SHAKA = {
  LICENSE_RESPONSE_REJECTED: 6008,
  REQUESTED_KEY_SYSTEM_CONFIG_UNAVAILABLE: 6001,
  LICENSE_REQUEST_FAILED: 6007,
  BAD_HTTP_STATUS: 1001,
  /** Category 10 (ads): the ad SDK did not load, which an ad blocker causes. */
  ADS_BLOCKED: 10000,
  HTTP_ERROR: 1002,
  TIMEOUT: 1003,
  CONTENT_TRANSFORMATION_FAILED: 3019,
  CONTENT_UNSUPPORTED_BY_BROWSER: 4032,
  RESTRICTIONS_CANNOT_BE_MET: 4012,
  LOAD_INTERRUPTED: 7000,
} as const;

/** The server's text when a session ends under the viewer (closed elsewhere, reset, expired): shown over the stopped picture. */
export const SESSION_GONE_TEXT = 'La sesión de reproducción ha caducado o se ha cerrado.';

function refusal(status: number, data: unknown, source: 'session' | 'licence'): PlayerAction | null {
  if (
    (status === 401 && data === PLAYBACK_REFUSAL.sessionExpired) ||
    (status === 400 && data === PLAYBACK_REFUSAL.accountProblem)
  )
    return { kind: 'session-expired' };
  if (status === 401 && data === PLAYBACK_REFUSAL.noRights) return { kind: 'no-rights' };
  // 409 since issue 17 (a 401 made the app refresh its sign-in first); 401 from an older server.
  if ((status === 409 || status === 401) && data === PLAYBACK_REFUSAL.tooManySessions)
    return source === 'session' ? { kind: 'exceeded-sessions' } : { kind: 'reset-sessions' };
  if (status === 403 && data === PLAYBACK_REFUSAL.parentalPinRequired) return { kind: 'pin' };
  if (status === 400 && source === 'licence') return { kind: 'account-missing' };
  return null;
}

/** While playing: a programme that needs the PIN (117) or a package the viewer lacks (401) brings its prompt. */
function streamRefusal(status: number, data: unknown): PlayerAction | null {
  if (status === 403 && data === PLAYBACK_REFUSAL.parentalPinRequired) return { kind: 'pin' };
  if (status === 401 && data === PLAYBACK_REFUSAL.noRights) return { kind: 'no-rights' };
  return null;
}

/** What the user sees for a failure. */
export function actionFor(failure: PlayerFailure): PlayerAction {
  switch (failure.source) {
    case 'session': {
      const mapped = refusal(failure.status, failure.data, 'session');
      if (mapped) return mapped;
      // Spec: an HTTP 401 while loading playback is the no-rights prompt, anything else message 24.
      if (failure.status === 401) return { kind: 'no-rights' };
      return { kind: 'message', message: '24', recoverable: true, title: 'playerError' };
    }
    case 'licence':
      return (
        refusal(failure.status, failure.data, 'licence') ??
        (failure.status === 401
          ? { kind: 'no-rights' }
          : { kind: 'message', message: '24', recoverable: true, title: 'playerError' })
      );
    case 'heartbeat':
      if (failure.status === 401 && failure.data === PLAYBACK_REFUSAL.sessionExpired)
        return { kind: 'session-expired' };
      return (
        streamRefusal(failure.status, failure.data) ?? {
          kind: 'message',
          title: '39',
          text: failure.message,
          recoverable: true,
        }
      );
    case 'manifest':
      // Ends this stream only (a session closed elsewhere, a URL past its life): Reintentar opens a new one.
      return (
        streamRefusal(failure.status, failure.data) ?? {
          kind: 'message',
          title: '39',
          text: failure.message ?? SESSION_GONE_TEXT,
          recoverable: true,
        }
      );
    case 'load':
      return failure.status === 401
        ? { kind: 'no-rights' }
        : { kind: 'message', message: '24', recoverable: true, title: 'playerError' };
    case 'unsupported':
      return { kind: 'message', message: '22', prefix: 'ERROR: ', recoverable: false, title: 'playerError' };
    case 'player-start':
      // Spec: resources that cannot be downloaded are not recoverable; a failed attach may be retried (reload).
      return failure.stage === 'download'
        ? { kind: 'message', message: 'resourcesUnavailable', recoverable: false, title: 'playerError' }
        : { kind: 'message', message: 'cannotPlay', recoverable: true, title: 'playerError' };
    case 'event-not-found':
      return { kind: 'message', text: 'Could not find event.', recoverable: false };
    case 'cast':
      if (failure.code === 8004) return { kind: 'ignore' };
      if (failure.code === 8001)
        return { kind: 'message', message: 'castNoReceivers', recoverable: true, title: 'playerError' };
      if (failure.code === 8000)
        return { kind: 'message', message: 'castUnavailable', recoverable: true, title: 'playerError' };
      return { kind: 'message', message: 'castFailed', recoverable: true, title: 'playerError' };
    case 'shaka':
      switch (failure.code) {
        case SHAKA.LOAD_INTERRUPTED:
          return { kind: 'ignore' };
        case SHAKA.LICENSE_RESPONSE_REJECTED:
          return failure.message !== undefined && EMPTY_LICENSE_RESPONSE.test(failure.message)
            ? { kind: 'ignore' }
            : { kind: 'no-rights' };
        case SHAKA.REQUESTED_KEY_SYSTEM_CONFIG_UNAVAILABLE:
          return { kind: 'log' };
        case SHAKA.CONTENT_TRANSFORMATION_FAILED:
        case SHAKA.RESTRICTIONS_CANNOT_BE_MET:
          return { kind: 'retry-stream' };
        case SHAKA.CONTENT_UNSUPPORTED_BY_BROWSER:
          return { kind: 'message', message: '22', prefix: 'ERROR: ', recoverable: false, title: 'playerError' };
        case SHAKA.ADS_BLOCKED:
          return { kind: 'message', message: 'adBlocker', recoverable: false, title: 'playerError' };
        default:
          return {
            kind: 'message',
            message: 'cannotPlay',
            text: `${failure.code}`,
            recoverable: true,
            title: 'playerError',
          };
      }
  }
}

/**
 * A Shaka 6007 (licence request failed) wraps the HTTP error (1001) whose data holds the
 * status and the body: read our refusal from it. Returns null when it is not such an error.
 */
export function licenceRefusalOf(error: { code: number; data?: unknown[] }): { status: number; data: unknown } | null {
  if (error.code !== SHAKA.LICENSE_REQUEST_FAILED) return null;
  const inner = error.data?.[0] as { code?: number; data?: unknown[] } | undefined;
  if (!inner || inner.code !== SHAKA.BAD_HTTP_STATUS || !Array.isArray(inner.data)) return null;
  const status = typeof inner.data[1] === 'number' ? inner.data[1] : 0;
  const body = inner.data[2];
  let data: unknown = undefined;
  if (typeof body === 'string') {
    try {
      data = (JSON.parse(body) as { data?: unknown }).data;
    } catch {
      // A proxy's HTML page: no refusal code, the status decides.
    }
  }
  return { status, data };
}

/** Shaka's request types of a manifest and a segment (NetworkingEngine.RequestType.MANIFEST, SEGMENT). */
const MANIFEST_REQUEST = 0;
const SEGMENT_REQUEST = 1;

/**
 * A Shaka 1001 of a manifest request (the first load or a live refresh) that carries the
 * origin's refusal: status, `data` and message of its body. Null for anything else.
 */
export function manifestRefusalOf(error: {
  code: number;
  data?: unknown[];
}): Extract<PlayerFailure, { source: 'manifest' }> | null {
  const requestType = error.data?.[4];
  if (
    error.code !== SHAKA.BAD_HTTP_STATUS ||
    !Array.isArray(error.data) ||
    (requestType !== MANIFEST_REQUEST && requestType !== SEGMENT_REQUEST)
  )
    return null;
  const status = typeof error.data[1] === 'number' ? error.data[1] : 0;
  if (status < 400 || status >= 500) return null;
  let body: { data?: unknown; message?: unknown } = {};
  try {
    body = JSON.parse(String(error.data[2])) as typeof body;
  } catch {
    // Not the origin's JSON (a proxy's page): the status alone decides.
  }
  // A segment is refused only when its session ended (403/116 from the origin; a CDN's 403 for a dead token):
  // its 404s and anything else stay Shaka's errors.
  if (
    requestType === SEGMENT_REQUEST &&
    !(status === 403 && (body.data === PLAYBACK_REFUSAL.sessionExpired || body.data === undefined))
  )
    return null;
  return {
    source: 'manifest',
    status,
    data: body.data,
    message: typeof body.message === 'string' ? body.message : undefined,
  };
}

/** A Shaka error as a failure of the table: a licence or manifest refusal it wraps, else its code and message. */
export function failureOfShaka(error: { code: number; message?: string; data?: unknown[] }): PlayerFailure {
  const refusal = licenceRefusalOf(error);
  if (refusal) return { source: 'licence', ...refusal };
  const manifest = manifestRefusalOf(error);
  if (manifest) return manifest;
  const message = typeof error.data?.[0] === 'string' ? error.data[0] : error.message;
  return { source: 'shaka', code: error.code, message };
}
