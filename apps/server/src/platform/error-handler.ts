import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isFormMessage, type ErrorBody, type ErrorCode, type ErrorData } from '@pantalla/contracts';
import { hasUnreadBody } from './access';
import { AppError } from './errors';
import { localizedRefusal, refusalLanguageOf } from './refusal-language';

function body(statusCode: number, code: ErrorCode, message: string, data?: ErrorData): ErrorBody {
  return data === undefined ? { statusCode, code, message } : { statusCode, code, message, data };
}

const codeByStatus: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/** One error handler: known errors keep their status and message; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Refused before its body was read: close rather than drain an upload nobody will use.
    if ((error.statusCode ?? (error instanceof AppError ? error.status : 500)) < 500 && hasUnreadBody(request))
      reply.header('connection', 'close');
    if (error instanceof AppError) {
      // A 429 tells clients when to come back, as the standard header.
      if (error.data !== undefined && typeof error.data === 'object' && 'retryAfterSeconds' in error.data)
        reply.header('retry-after', String(error.data.retryAfterSeconds));
      // In the request's language (es/en/de) when the refusal has a translation; the spec's Spanish otherwise.
      const message = localizedRefusal(error.message, refusalLanguageOf(request.headers['accept-language']));
      return reply.status(error.status).send(body(error.status, error.code, message, error.data));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const said = [...new Set(error.validation.map((v) => v.message ?? ''))];
      if (said.every(isFormMessage)) return reply.status(400).send(body(400, 'bad_request', said.join(' ')));
      const where = error.validationContext ?? 'request';
      const detail = error.validation
        .map((v) => {
          const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
          return field ? `${field}: ${v.message}` : v.message;
        })
        .join('; ');
      return reply.status(400).send(body(400, 'bad_request', `Petición no válida (${where}): ${detail}`));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(body(500, 'internal', 'Error interno del servidor.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Tipo de contenido no admitido: envía JSON.'
          : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'El cuerpo de la petición está vacío.'
            : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
              ? 'El cuerpo de la petición es demasiado grande.'
              : error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
                ? 'El cuerpo de la petición no es JSON válido.'
                : error.message;
      return reply.status(status).send(body(status, codeByStatus[status] ?? 'bad_request', message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body(500, 'internal', 'Error interno del servidor.'));
  });
}
