import { randomBytes } from 'node:crypto';
import { base64UrlToHex, hexToBase64Url } from '@pantalla/media';
import type { ClearKeyLicenceRequest, ClearKeyLicenceResponse } from '@pantalla/contracts';
import type { Clock } from '../../platform/clock';
import { badRequest, notFound } from '../../platform/errors';
import type { ContentKeys } from '../origin';
import type { SessionsRepository } from './sessions.repository';
import type { SessionsService } from './sessions.service';

/**
 * The ClearKey licence server: the content key only for an open session of this user for
 * this content, while the user is entitled and (rating 7) holds a fresh parental grant.
 */
export class LicenceService {
  constructor(
    private readonly clock: Clock,
    private readonly repo: SessionsRepository,
    private readonly sessions: SessionsService,
    private readonly keys: ContentKeys,
  ) {}

  private answer(clipKey: string, request: ClearKeyLicenceRequest): ClearKeyLicenceResponse {
    const key = this.keys.key(clipKey);
    const wanted = request.kids.map((kid) => base64UrlToHex(kid).toLowerCase());
    // A CDM asks for the kids of the stream it loaded; any other kid is not this content's.
    if (!wanted.includes(key.kid)) throw badRequest('Las claves pedidas no corresponden a este contenido.');
    return { keys: [{ kty: 'oct', kid: hexToBase64Url(key.kid), k: hexToBase64Url(key.key) }], type: 'temporary' };
  }

  async clearKey(userId: number, sessionId: string, request: ClearKeyLicenceRequest): Promise<ClearKeyLicenceResponse> {
    // A deleted account never gets here: the route answers it as 400/801 before.
    const session = await this.sessions.openSessionOf(userId, sessionId);
    // Rights and the parental grant are checked again: they may have changed since the open.
    const playable = await this.sessions.resolve(session.kind, session.contentId);
    await this.sessions.authorise(userId, playable);
    if (playable.externalUrl !== null) throw badRequest('Esta emisión externa no usa DRM.');
    const body = this.answer(playable.clipKey, request);
    await this.repo.recordLicence({
      id: randomBytes(12).toString('base64url'),
      streamSessionId: session.id,
      userId,
      kid: this.keys.key(playable.clipKey).kid,
      issuedAt: this.clock.now(),
      revokedAt: null,
    });
    return body;
  }

  /** Trailers: their own keys, for any signed-in user. */
  trailer(clipKey: string, request: ClearKeyLicenceRequest): ClearKeyLicenceResponse {
    if (!this.keys.isTrailer(clipKey)) throw notFound('No existe ese tráiler.');
    return this.answer(clipKey, request);
  }
}
