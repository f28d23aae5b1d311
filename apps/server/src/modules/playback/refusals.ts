import { PLAYBACK_REFUSAL } from '@pantalla/contracts';
import { AppError } from '../../platform/errors';
import { SESSION_EXPIRED } from '../identity';

/** The refusals the player maps by `data` (viewing spec section 8; 117 in docs/decisions.md). */
export const refuse = {
  sessionExpired: (message = SESSION_EXPIRED) =>
    new AppError(401, 'unauthorized', message, PLAYBACK_REFUSAL.sessionExpired),
  // 409, not 401: the account is signed in and fine, so the app must not refresh its token (issue 17).
  tooManySessions: () =>
    new AppError(409, 'conflict', 'Número de sesiones simultáneas excedido.', PLAYBACK_REFUSAL.tooManySessions),
  noRights: () =>
    new AppError(401, 'unauthorized', 'No tienes derechos de acceso a este contenido', PLAYBACK_REFUSAL.noRights),
  parentalPin: () =>
    new AppError(403, 'forbidden', 'Este contenido requiere el PIN parental.', PLAYBACK_REFUSAL.parentalPinRequired),
  // Issue 30: a kids profile is refused what is rated above its level, whatever the request says.
  kidsProfile: () =>
    new AppError(
      403,
      'forbidden',
      'Este contenido no está disponible en un perfil infantil.',
      PLAYBACK_REFUSAL.parentalPinRequired,
    ),
  accountRevoked: () => new AppError(400, 'bad_request', SESSION_EXPIRED, PLAYBACK_REFUSAL.accountProblem),
  accountGone: () =>
    new AppError(
      400,
      'bad_request',
      'La cuenta no existe. Ponte en contacto con el servicio de atención al cliente.',
      PLAYBACK_REFUSAL.accountMissing,
    ),
  licenceFlood: (retryAfterSeconds: number) =>
    new AppError(
      429,
      'rate_limited',
      'Demasiadas peticiones de licencia para esta sesión. Espera unos segundos o vuelve a abrir el reproductor.',
      { retryAfterSeconds },
    ),
  streamSessionGone: () =>
    new AppError(
      404,
      'not_found',
      'La sesión de reproducción ha caducado o se ha cerrado.',
      PLAYBACK_REFUSAL.sessionExpired,
    ),
};
