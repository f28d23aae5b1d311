import type { ErrorCode, ErrorData } from '@pantalla/contracts';

/** An error the client may see: an HTTP status, a stable code, a message for people and typed detail. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** Machine-readable detail (contracts' ErrorData), such as the refusal code the player maps. */
    readonly data?: ErrorData,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, data?: ErrorData) => new AppError(400, 'bad_request', message, data);
export const unauthorized = (message = 'Se requiere iniciar sesión.', data?: ErrorData) =>
  new AppError(401, 'unauthorized', message, data);
export const forbidden = (message: string, data?: ErrorData) => new AppError(403, 'forbidden', message, data);
export const notFound = (message = 'No encontrado.', data?: ErrorData) => new AppError(404, 'not_found', message, data);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', message, { retryAfterSeconds });
