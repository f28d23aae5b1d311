import { randomBytes } from 'node:crypto';
import {
  HEARTBEAT_INTERVAL_MS,
  HEARTBEATS_MISSED_BEFORE_EXPIRY,
  NUM_DEVICES,
  PLAYBACK_TOKEN_GRACE_SECONDS,
  type DrmSystemsResponse,
  type OpenSessionRequest,
  type OpenSessionResponse,
  type PreloadResponse,
} from '@pantalla/contracts';
import { badRequest } from '../../platform/errors';
import type { Platform } from '../../platform/module';
import type { KeepWatching, Playables } from '../catalogue';
import type { AccessRights } from '../commerce';
import type { Accounts, ParentalGrants } from '../identity';
import { qualityOf, type PlaybackClaims, type PlaybackUrls, type StreamKind } from '../origin';
import { referenceId, resolvePlayable, type Playable } from './playable';
import { refuse } from './refusals';
import type { SessionsRepository } from './sessions.repository';
import type { SessionKind, StreamSessionRow } from './tables';

/** A session that misses this long of heartbeats expires on its own. */
export const SESSION_TTL_MS = HEARTBEAT_INTERVAL_MS * HEARTBEATS_MISSED_BEFORE_EXPIRY;
/** Device type of the web app (accounts spec section 9), the playback URL's `type`. */
export const DEVICE_TYPE = '300';
/** The playback URL's `model`: the web player. */
export const DEVICE_MODEL = 'web';

const streamKindOf: Record<SessionKind, StreamKind> = { LIVE: 'live', CUTV: 'catchup', VOD: 'vod', SERIE: 'episode' };

/** The signed-in caller: who, and until when their idToken is valid (epoch seconds). */
export interface Caller {
  userId: number;
  tokenExp: number;
}

/** What the playback services ask of other modules. */
export interface PlaybackNeeds {
  accounts: Accounts;
  parental: ParentalGrants;
  rights: AccessRights;
  playables: Playables;
  keepWatching: KeepWatching;
  urls: PlaybackUrls;
}

/** Stream sessions: open (with the account limit), heartbeat, close with position, reset. */
export class SessionsService {
  constructor(
    private readonly deps: Pick<Platform, 'config' | 'clock'>,
    private readonly repo: SessionsRepository,
    private readonly needs: PlaybackNeeds,
  ) {}

  /** What a session plays, resolved now (rights may be checked against it). */
  resolve(kind: SessionKind, contentId: number): Promise<Playable> {
    return resolvePlayable(this.needs.playables, kind, contentId, this.deps.clock.now());
  }

  /** Rights and parental checks shared by session opens and licences. */
  async authorise(userId: number, playable: Playable): Promise<void> {
    const user = await this.needs.accounts.find(userId);
    if (!user) throw refuse.accountGone();
    const access = await this.needs.rights.accessFor(userId);
    if (!access.ownedPackageIds.has(playable.packageId)) throw refuse.noRights();
    if (playable.restricted && user.hasPin && !(await this.needs.parental.hasFreshParentalGrant(userId))) throw refuse.parentalPin();
  }

  async open(caller: Caller, body: OpenSessionRequest): Promise<OpenSessionResponse> {
    const now = this.deps.clock.now();
    const kind = body.reference.type;
    const playable = await this.resolve(kind, referenceId(body.reference));
    await this.authorise(caller.userId, playable);
    const profiles = await this.needs.accounts.profileIds(caller.userId);
    // 0 is the spec's default profile index; any other number must be one of the account's profiles.
    const profileId = body.profileId === 0 ? (profiles[0] ?? 0) : body.profileId;
    if (body.profileId !== 0 && !profiles.includes(body.profileId)) throw badRequest('Ese perfil no pertenece a esta cuenta.');

    const id = randomBytes(18).toString('base64url');
    const expiresAt = now + SESSION_TTL_MS;
    const opened = await this.repo.openWithinLimit(
      {
        id,
        userId: caller.userId,
        profileId,
        kind,
        contentId: playable.contentId,
        serviceName: body.reference.serviceName,
        streamingProtocol: body.streamingProtocol,
        deviceFingerprint: body.deviceFingerprint,
        createdAt: now,
        lastHeartbeatAt: now,
        expiresAt,
        closedAt: null,
        closedReason: null,
      },
      NUM_DEVICES,
    );
    if (!opened) throw refuse.tooManySessions();

    const common = { heartbeatIntervalMs: HEARTBEAT_INTERVAL_MS, expiresAt: new Date(expiresAt).toISOString() };
    if (playable.externalUrl !== null) {
      return { id, playInfo: { url: playable.externalUrl, positionInMs: 0 }, drm: null, restartUrl: null, ...common };
    }
    const url = this.signedUrl(caller, id, streamKindOf[kind], playable.contentId);
    const restartUrl = kind === 'LIVE' && playable.channel?.tstv === 1 && playable.event ? this.signedUrl(caller, id, 'restart', playable.event.id) : null;
    const positionInMs =
      kind === 'VOD' || kind === 'SERIE' ? await this.needs.keepWatching.savedPosition(caller.userId, 'vod', playable.contentId)
      : kind === 'CUTV' ? await this.needs.keepWatching.savedPosition(caller.userId, 'cutv', playable.contentId)
      : 0;
    return {
      id,
      playInfo: { url, positionInMs },
      drm: { keySystem: 'org.w3.clearkey', licenseUrl: this.needs.urls.licenceUrl(id) },
      restartUrl,
      ...common,
    };
  }

  /**
   * Signed live URLs of the channels a viewer may zap to next, under the session that plays
   * now, so the player can fetch their manifests and first segments ahead of the key press.
   * They need no device slot: keys still come only through a session of the channel itself.
   * Channels the user may not watch now (rights, PIN, external streams) are left out.
   */
  async preload(caller: Caller, id: string, channelIds: readonly number[]): Promise<PreloadResponse> {
    const session = await this.openSessionOf(caller.userId, id);
    if (session.kind !== 'LIVE') throw badRequest('Solo una sesión en directo precarga canales.');
    const now = this.deps.clock.now();
    const resources: PreloadResponse['resources'] = [];
    for (const channelId of new Set(channelIds)) {
      const playable = await resolvePlayable(this.needs.playables, 'LIVE', channelId, now).catch(() => null);
      if (!playable || playable.externalUrl !== null) continue;
      const allowed = await this.authorise(caller.userId, playable).then(
        () => true,
        () => false,
      );
      if (allowed) resources.push({ channelId, url: this.signedUrl(caller, id, 'live', playable.contentId) });
    }
    return { resources };
  }

  /** What a playback URL (or a per-user licence server's auth string) is signed over. */
  private claims(caller: Caller, sid: string, kind: StreamKind, id: number): PlaybackClaims {
    return {
      sub: caller.userId,
      sid,
      kind,
      id,
      q: qualityOf(kind),
      model: DEVICE_MODEL,
      type: DEVICE_TYPE,
      op: this.deps.config.operator.name,
      exp: caller.tokenExp + PLAYBACK_TOKEN_GRACE_SECONDS,
    };
  }

  private signedUrl(caller: Caller, sid: string, kind: StreamKind, id: number): string {
    return this.needs.urls.url(this.claims(caller, sid, kind, id));
  }

  async heartbeat(userId: number, id: string): Promise<{ expiresAt: string }> {
    const now = this.deps.clock.now();
    const expiresAt = now + SESSION_TTL_MS;
    if (!(await this.repo.heartbeat(id, userId, now, expiresAt))) throw refuse.streamSessionGone();
    return { expiresAt: new Date(expiresAt).toISOString() };
  }

  /** Closes a session and keeps the position for keep-watching (films, episodes, catch-up). */
  async close(userId: number, id: string, positionInMs: number | undefined): Promise<void> {
    const session = await this.repo.byId(id);
    if (!session || session.userId !== userId) throw refuse.streamSessionGone();
    await this.repo.close(id, userId, this.deps.clock.now());
    if (positionInMs !== undefined && session.kind !== 'LIVE') {
      const kind = session.kind === 'CUTV' ? 'cutv' : 'vod';
      await this.needs.keepWatching.mark(userId, kind, session.contentId, positionInMs);
    }
  }

  /** The session's licence servers: ClearKey, and Widevine/FairPlay when their templates are configured. */
  async drmSystems(caller: Caller, id: string): Promise<DrmSystemsResponse> {
    const session = await this.openSessionOf(caller.userId, id);
    const kind = streamKindOf[session.kind];
    // The auth string is a token signed for this session and stream, like the playback URL's.
    const auth = this.needs.urls.sign(this.claims(caller, id, kind, session.contentId));
    const fill = (template: string) =>
      template
        .replaceAll('{userId}', encodeURIComponent(String(caller.userId)))
        .replaceAll('{auth}', encodeURIComponent(auth))
        .replaceAll('{stream}', encodeURIComponent(`${kind}-${session.contentId}`));
    const { widevineTemplate, fairplayTemplate, fairplayCertificateUrl } = this.deps.config.media;
    return {
      clearkey: this.needs.urls.licenceUrl(id),
      widevine: widevineTemplate ? fill(widevineTemplate) : null,
      fairplay: fairplayTemplate ? { licenseUrl: fill(fairplayTemplate), certificateUrl: fairplayCertificateUrl ?? null } : null,
    };
  }

  async reset(userId: number): Promise<number> {
    return this.repo.reset(userId, this.deps.clock.now());
  }

  /** A session of this user that is open now; otherwise the refusal the player maps (115 or 116). */
  async openSessionOf(userId: number, id: string): Promise<StreamSessionRow> {
    const now = this.deps.clock.now();
    const session = await this.repo.byId(id);
    // Another account's session (a shared licence URL): this user has no rights to that stream.
    if (session && session.userId !== userId) throw refuse.noRights();
    if (session && session.closedAt === null && session.expiresAt > now) return session;
    // A dead session cannot be reopened while the account's other devices hold every slot.
    if ((await this.repo.openCount(userId, now)) >= NUM_DEVICES) throw refuse.tooManySessions();
    throw refuse.sessionExpired('La sesión de reproducción ha caducado.');
  }
}
