import type { ErrorCode } from '@pantalla/contracts';

/** An error the client may see: an HTTP status, a stable code and a message for people. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** Extra machine-readable detail, such as the licence refusal number the player maps. */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, data?: unknown) => new AppError(400, 'bad_request', message, data);
export const unauthorized = (message = 'Se requiere iniciar sesión.') => new AppError(401, 'unauthorized', message);
export const forbidden = (message: string, data?: unknown) => new AppError(403, 'forbidden', message, data);
export const notFound = (message = 'No encontrado.') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
