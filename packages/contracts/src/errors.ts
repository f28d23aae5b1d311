import { z } from 'zod';

/** Why a recording is refused (recordings.ts documents each); here so an error body need not load the recordings contracts. */
export const RECORDING_REFUSALS = [
  'quota_full',
  'channel_forbids',
  'external_no_catchup',
  'outside_catchup',
  'no_rights',
] as const;

/** Every error code the server may answer. */
export const errorCodeSchema = z.enum([
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  /** 408: the request's body came too slowly (platform/request-timeouts.ts). */
  'request_timeout',
  /** 402: the payment provider refused the payment (its own message). */
  'payment_failed',
  /** 503: the payment provider could not be reached. */
  'provider_unavailable',
  /** 403: a sensitive operator action needs the operator's password again (POST /operator/reauth). */
  'reauth_required',
  /** 502: an external stream's server refused or failed while the origin relayed it. */
  'upstream_failed',
  'internal',
]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** The numbers in `data` of a playback or licence refusal (viewing spec section 8); the player maps them. */
export const PLAYBACK_REFUSAL = {
  /** 409 (a 401 would read as an expired sign-in): too many open sessions on the account; the app offers to reset them. */
  tooManySessions: 115,
  /** 401 (404 on heartbeat, 403 on an expired playback URL): the idToken or the stream session expired or is unknown. */
  sessionExpired: 116,
  /** 403: rating-7 content, the user has a PIN and no fresh parental grant. */
  parentalPinRequired: 117,
  /** 401: the user does not own the content. */
  noRights: 401,
  /** 400: the account's sign-in was revoked (signed out everywhere); the app resets the session. */
  accountProblem: 800,
  /** 400: the account no longer exists (one of the spec's "other 400s"); contact support. */
  accountMissing: 801,
} as const;
export const playbackRefusalSchema = z.literal(Object.values(PLAYBACK_REFUSAL));
/** A refusal code: 115, 116, 117, 401, 800 or 801. */
export type PlaybackRefusal = (typeof PLAYBACK_REFUSAL)[keyof typeof PLAYBACK_REFUSAL];

/**
 * Why a sign-in stopped counting: a bearer idToken (missing, malformed, signature, expired,
 * revoked by a sign-out everywhere, unknown-user when the account is gone) or a refresh
 * cookie (missing, unknown, reused, expired), or an account an operator locked.
 */
export const sessionFailureSchema = z.enum([
  'missing',
  'malformed',
  'signature',
  'expired',
  'revoked',
  'unknown-user',
  'unknown',
  'reused',
  'locked',
]);
export type SessionFailure = z.infer<typeof sessionFailureSchema>;

/** Machine-readable detail of an error: a refusal code, why a session failed, or when to retry. */
export const errorDataSchema = z.union([
  playbackRefusalSchema,
  z.object({ reason: sessionFailureSchema }),
  z.object({ retryAfterSeconds: z.number().int().nonnegative() }),
  /** Which credential a settings change found wrong: the current PIN (message 50) or the account password (52). */
  z.object({ wrong: z.enum(['currentPin', 'password']) }),
  /** Why "Grabar" was refused (recordings.ts): quota_full, channel_forbids, external_no_catchup… */
  z.object({ recording: z.enum(RECORDING_REFUSALS) }),
  /** Issue 30: the profile header's token was refused (forged, expired, of a closed sign-in or a deleted profile). */
  z.object({ profile: z.literal('token_refused') }),
  /** Issue 30: a kids profile may not see this item, or must give the account password to buy. */
  z.object({ profile: z.enum(['kids_refused', 'password_required']) }),
]);
export type ErrorData = z.infer<typeof errorDataSchema>;

/** The body of every 4xx/5xx answer. */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  code: errorCodeSchema,
  message: z.string(),
  /** Machine-readable detail: a refusal code (115, 116, 117, 401, 800, 801), a session failure, a retry wait. */
  data: errorDataSchema.optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

const formMessages = new Set<string>();
/**
 * A validation message written for the person at a form: when every problem of a request
 * has one, the server answers those sentences alone, not the technical field list.
 */
export function formMessage(text: string): { message: string } {
  formMessages.add(text);
  return { message: text };
}
export function isFormMessage(text: string): boolean {
  return formMessages.has(text);
}
