import { z } from 'zod';

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
  'internal',
]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** The body of every 4xx/5xx answer. */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  code: errorCodeSchema,
  message: z.string(),
  /** Machine-readable detail, e.g. the licence refusal number (115, 116, 401, 800). */
  data: z.unknown().optional(),
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
