import { base64UrlToHex, hexToBase64Url } from '@pantalla/media';
import type { ClearKeyLicenceRequest, ClearKeyLicenceResponse } from '@pantalla/contracts';
import type { Clock } from '../../platform/clock';
import { badRequest, notFound } from '../../platform/errors';
import type { ContentKeys, KeyTarget } from '../origin';
import { LICENCE_MAX_PER_SESSION, LICENCE_WINDOW_MS, LicenceThrottle } from './licence-throttle';
import { refuse } from './refusals';
import type { Playable } from './playable';
import type { SessionsRepository } from './sessions.repository';
import type { StreamAuthorisation } from './stream-authorisation';

/**
 * Whose keys a playable is served under: its channel's key periods (live and restart: the
 * window of a time-shift channel, or its short live edge), its catch-up programme's, its
 * film's or its episode's current generation.
 */
export function keyTargetOf(playable: Playable): KeyTarget {
  if (playable.kind === 'VOD') return { kind: 'film', id: playable.contentId };
  if (playable.kind === 'SERIE') return { kind: 'episode', id: playable.contentId };
  if (playable.kind === 'CUTV') return { kind: 'programme', id: playable.contentId };
  if (playable.kind === 'REC') return { kind: 'recording', id: playable.contentId };
  return { kind: 'channel', id: playable.channel?.id ?? playable.contentId, timeShift: playable.channel?.tstv === 1 };
}

/**
 * The ClearKey licence server: the content key only for an open session of this user for
 * this content, while the user is entitled and (rating 7) holds a fresh parental grant.
 */
export class LicenceService {
  private readonly throttle: LicenceThrottle;

  constructor(
    private readonly clock: Clock,
    private readonly repo: SessionsRepository,
    private readonly access: StreamAuthorisation,
    private readonly keys: ContentKeys,
  ) {
    this.throttle = new LicenceThrottle(clock);
  }

  /**
   * The requested keys among those the session may hold: each kid answered with its own key
   * only (a new period's kid never gets an old period's key), and nothing asked for not given.
   */
  private answer(
    keyNames: readonly string[],
    request: ClearKeyLicenceRequest,
  ): { body: ClearKeyLicenceResponse; kids: string[] } {
    const wanted = new Set(request.kids.map((kid) => base64UrlToHex(kid).toLowerCase()));
    const granted = keyNames.map((name) => this.keys.key(name)).filter((key) => wanted.has(key.kid));
    // A CDM asks for the kids of the stream it loaded; any other kid is not this content's, or not now.
    if (granted.length === 0) throw badRequest('Las claves pedidas no corresponden a este contenido.');
    return {
      body: {
        keys: granted.map((key) => ({ kty: 'oct', kid: hexToBase64Url(key.kid), k: hexToBase64Url(key.key) })),
        type: 'temporary',
      },
      kids: granted.map((key) => key.kid),
    };
  }

  async clearKey(userId: number, sessionId: string, request: ClearKeyLicenceRequest): Promise<ClearKeyLicenceResponse> {
    // A flood is shed before any database read; per user, so nobody can starve another's session.
    const wait = this.throttle.take(`${userId}:${sessionId}`);
    if (wait !== null) throw refuse.licenceFlood(wait);
    // A deleted account never gets here: the route answers it as 400/801 before.
    const session = await this.access.openSessionOf(userId, sessionId);
    // Rights and the parental grant are checked again: they may have changed since the open.
    const playable = await this.access.resolve(session.kind, session.contentId);
    await this.access.authorise(userId, playable);
    // The session's own profile decides: a kids session never gets keys above its level.
    await this.access.profileFor(userId, session.profileId, playable);
    if (playable.externalUrl !== null) throw badRequest('Esta emisión externa no usa DRM.');
    const { body, kids } = this.answer(await this.keys.allowedKeys(keyTargetOf(playable)), request);
    if (!(await this.repo.countLicence(session.id, LICENCE_MAX_PER_SESSION)))
      throw refuse.licenceFlood(LICENCE_WINDOW_MS / 1000);
    // One DRM session per stream session and key, however often the CDM asks again.
    for (const kid of kids) {
      await this.repo.recordLicence({
        id: `${session.id}.${kid}`,
        streamSessionId: session.id,
        userId,
        kid,
        issuedAt: this.clock.now(),
        revokedAt: null,
      });
    }
    return body;
  }

  /** Trailers: their own keys, for any signed-in user. */
  trailer(clipKey: string, request: ClearKeyLicenceRequest): ClearKeyLicenceResponse {
    if (!this.keys.isTrailer(clipKey)) throw notFound('No existe ese tráiler.');
    return this.answer([clipKey], request).body;
  }
}
