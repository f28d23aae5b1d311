import { randomBytes } from 'node:crypto';
import {
  HEARTBEAT_INTERVAL_MS,
  HEARTBEATS_MISSED_BEFORE_EXPIRY,
  NUM_DEVICES,
  PARENTAL_RESTRICTED,
  PLAYBACK_TOKEN_GRACE_SECONDS,
  type DrmSystemsResponse,
  type OpenSessionRequest,
  type OpenStream,
  type OpenSessionResponse,
  type PreloadResponse,
} from '@pantalla/contracts';
import type { Actor } from '../../platform/audit.repository';
import type { Cache } from '../../platform/cache';
import { badRequest } from '../../platform/errors';
import type { Platform } from '../../platform/module';
import type { KeepWatching, Playables } from '../catalogue';
import type { AccessRights } from '../commerce';
import type { Accounts, ParentalGrants } from '../identity';
import { qualityOf, type PlaybackClaims, type PlaybackUrls, type StreamKind } from '../origin';
import { referenceId, resolvePlayable, resolveRestart, type Playable } from './playable';
import { refuse } from './refusals';
import type { SessionsRepository } from './sessions.repository';
import type { SessionKind, StreamSessionRow } from './tables';

/** A session that misses this long of heartbeats expires on its own. */
export const SESSION_TTL_MS = HEARTBEAT_INTERVAL_MS * HEARTBEATS_MISSED_BEFORE_EXPIRY;
/**
 * How long a process answers "is this stream session open?" for signed segments from memory.
 * A close or reset here forgets it at once in every process (the bus); this bounds the rest
 * (a session that expires, a bus that missed a message): segments stop within it.
 */
export const SEGMENT_SESSION_RECHECK_MS = 5_000;
/**
 * A session its viewer closed (DELETE: the player's zap, Back, a stream closed from the
 * settings) keeps its segments this long: a neighbour's stream fetched ahead under it is
 * still finishing its first requests while the zap opens the new session, whose token the
 * player then uses. A reset or a sign-out everywhere ends them at once.
 */
export const CLOSED_SEGMENT_GRACE_MS = 10_000;
/** The cache of open stream sessions behind every signed segment. */
export const OPEN_SESSIONS_CACHE = 'playback.open-sessions';

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

/**
 * Whether the PIN asked at the session's open covers what it plays now: a title or a
 * programme never changes, nor does an adult channel; a live channel's programme that began
 * after the open is new, and a rating-7 one asks the PIN again (its grant must be fresh).
 */
export function pinCoveredBy(session: Pick<StreamSessionRow, 'kind' | 'createdAt'>, playable: Playable): boolean {
  if (session.kind !== 'LIVE') return true;
  const channel = playable.channel;
  if (channel && (channel.parental === PARENTAL_RESTRICTED || channel.isAdult === 1)) return true;
  return playable.event !== null && playable.event.startTime <= session.createdAt;
}

/** Stream sessions: open (with the account limit), heartbeat, close with position, reset. */
export class SessionsService {
  /** Until when (epoch ms) each session's segments may be served; 0 when not at all. */
  private readonly openSessions: Cache<string, number>;

  constructor(
    private readonly deps: Pick<Platform, 'config' | 'clock' | 'caches'>,
    private readonly repo: SessionsRepository,
    private readonly needs: PlaybackNeeds,
  ) {
    this.openSessions = deps.caches.create(OPEN_SESSIONS_CACHE, { max: 100_000, ttlMs: SEGMENT_SESSION_RECHECK_MS });
  }

  /** What a session plays, resolved now (rights may be checked against it). */
  resolve(kind: SessionKind, contentId: number): Promise<Playable> {
    return resolvePlayable(this.needs.playables, kind, contentId, this.deps.clock.now());
  }

  /** Rights and parental checks shared by session opens and licences. */
  async authorise(userId: number, playable: Playable, pinCovered = false): Promise<void> {
    const user = await this.needs.accounts.find(userId);
    if (!user) throw refuse.accountGone();
    const access = await this.needs.rights.accessFor(userId);
    if (!access.ownedPackageIds.has(playable.packageId)) throw refuse.noRights();
    if (playable.restricted && !pinCovered && user.hasPin && !(await this.needs.parental.hasFreshParentalGrant(userId))) throw refuse.parentalPin();
  }

  /** `deviceName` names the device in the settings' open-streams list. */
  async open(caller: Caller, body: OpenSessionRequest, deviceName = ''): Promise<OpenSessionResponse> {
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
        deviceName: deviceName || null,
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
      return { id, playInfo: { url: playable.externalUrl, positionInMs: 0, alternateUrls: playable.externalAlternates }, drm: null, restartUrl: null, ...common };
    }
    const url = this.signedUrl(caller, id, streamKindOf[kind], playable.contentId);
    const segmentToken = this.needs.urls.segmentToken(id);
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
      segmentToken,
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

  /**
   * Keeps a session alive while its viewer may still watch what it plays now: a programme
   * boundary into rating 7 (117), a lost package (401) or a closed session (404/116) refuse,
   * and the session's expiry does not move on.
   */
  async heartbeat(userId: number, id: string): Promise<{ expiresAt: string; segmentToken?: string }> {
    const session = await this.repo.byId(id);
    const now = this.deps.clock.now();
    if (!session || session.userId !== userId || session.closedAt !== null || session.expiresAt <= now) throw refuse.streamSessionGone();
    const playable = await this.resolve(session.kind, session.contentId);
    await this.authorise(userId, playable, pinCoveredBy(session, playable));
    const expiresAt = now + SESSION_TTL_MS;
    if (!(await this.repo.heartbeat(id, userId, now, expiresAt))) throw refuse.streamSessionGone();
    // The segment token is renewed only here (and in manifests): a closed, reset or unwatchable
    // session gets no new one, so its segment URLs die with the last token (60 s).
    const segmentToken = playable.externalUrl === null ? this.needs.urls.segmentToken(id) : undefined;
    return { expiresAt: new Date(expiresAt).toISOString(), ...(segmentToken ? { segmentToken } : {}) };
  }

  /**
   * The origin's question for every signed manifest: is the URL's session still open, and may
   * its viewer watch what the URL opens now? Throws the refusal the player maps.
   */
  async checkStream(claims: Pick<PlaybackClaims, 'sub' | 'sid' | 'kind' | 'id'>): Promise<string> {
    const now = this.deps.clock.now();
    const session = await this.sessionOfStream(claims, now);
    const playable = await this.streamPlayable(claims.kind, claims.id, now);
    // A neighbour's preload URL rides on this session but was never unlocked by it.
    const own = claims.kind === 'restart' ? session.kind === 'LIVE' && playable.contentId === session.contentId : streamKindOf[session.kind] === claims.kind && claims.id === session.contentId;
    await this.authorise(claims.sub, playable, own && pinCoveredBy(session, playable));
    if (claims.kind === 'restart') {
      // A restart window runs on into what airs now: that programme must be watchable too.
      const onAir = await resolvePlayable(this.needs.playables, 'LIVE', playable.contentId, now);
      await this.authorise(claims.sub, onAir, own && pinCoveredBy(session, onAir));
    }
    return session.id;
  }

  /**
   * Whether a stream session's segments may be served now: it is open, or its viewer closed it
   * less than CLOSED_SEGMENT_GRACE_MS ago. From memory for up to SEGMENT_SESSION_RECHECK_MS.
   */
  async streamSessionOpen(id: string): Promise<boolean> {
    const until = await this.openSessions.get(id, async () => {
      const session = await this.repo.byId(id);
      if (!session) return 0;
      if (session.closedAt === null) return session.expiresAt;
      return session.closedReason === 'closed' ? Math.min(session.expiresAt, session.closedAt + CLOSED_SEGMENT_GRACE_MS) : 0;
    });
    return until > this.deps.clock.now();
  }

  /** Every process forgets what it knew of these sessions (their segments are refused from now on). */
  private async forgetOpen(ids: readonly string[]): Promise<void> {
    for (const id of ids) await this.deps.caches.forget(OPEN_SESSIONS_CACHE, id);
  }

  /**
   * The session a signed URL plays under: its own while open. A neighbour's live URL fetched
   * ahead under the session of the channel then playing becomes the picture when the viewer
   * zaps to it; that session is closed by the zap, and the URL lives on under the session the
   * zap opened for that channel on the same device (closed in turn, it stops too).
   */
  private async sessionOfStream(claims: Pick<PlaybackClaims, 'sub' | 'sid' | 'kind' | 'id'>, now: number): Promise<StreamSessionRow> {
    const session = await this.repo.byId(claims.sid);
    if (!session || session.userId !== claims.sub) throw refuse.streamSessionGone();
    if (session.closedAt === null && session.expiresAt > now) return session;
    const preloaded = claims.kind === 'live' && session.kind === 'LIVE' && claims.id !== session.contentId;
    const zapped = preloaded ? await this.repo.openLiveSession(claims.sub, claims.id, session.deviceFingerprint, now) : undefined;
    if (!zapped) throw refuse.streamSessionGone();
    return zapped;
  }

  /** The catch-up manifest test: the user may see this programme (rights, PIN, purchase). */
  async checkProgramme(userId: number, eventId: number): Promise<void> {
    await this.authorise(userId, await this.resolve('CUTV', eventId));
  }

  private async streamPlayable(kind: StreamKind, id: number, now: number): Promise<Playable> {
    if (kind === 'restart') return resolveRestart(this.needs.playables, id);
    const sessionKind: Record<Exclude<StreamKind, 'restart'>, SessionKind> = { live: 'LIVE', catchup: 'CUTV', vod: 'VOD', episode: 'SERIE' };
    return resolvePlayable(this.needs.playables, sessionKind[kind], id, now);
  }

  /** Closes a session and keeps the position for keep-watching (films, episodes, catch-up). */
  async close(userId: number, id: string, positionInMs: number | undefined): Promise<void> {
    const session = await this.repo.byId(id);
    if (!session || session.userId !== userId) throw refuse.streamSessionGone();
    await this.repo.close(id, userId, this.deps.clock.now());
    await this.forgetOpen([id]);
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

  /** The account's open streams for the settings: device, what each plays, since when. */
  async listOpen(userId: number): Promise<OpenStream[]> {
    const now = this.deps.clock.now();
    const rows = await this.repo.listOpen(userId, now);
    return Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        device: row.deviceName ?? '',
        type: row.kind,
        title: await this.titleOf(row.kind, row.contentId, now),
        since: new Date(row.createdAt).toISOString(),
      })),
    );
  }

  /** What a stream plays, in words; what the catalogue no longer has shows as ''. */
  private async titleOf(kind: SessionKind, contentId: number, now: number): Promise<string> {
    const { playables } = this.needs;
    if (kind === 'LIVE') {
      const channel = await playables.channel(contentId);
      const onAir = channel ? await playables.eventAt(contentId, now) : undefined;
      return [channel?.name, onAir?.title].filter(Boolean).join(' · ');
    }
    if (kind === 'CUTV') return (await playables.event(contentId))?.title ?? '';
    return (kind === 'VOD' ? await playables.film(contentId) : await playables.episode(contentId))?.title ?? '';
  }

  /** Closes every session of the account ('Reiniciar sesiones DRM'); `reason` 'signed-out' after a password change or a sign-out everywhere. */
  async reset(userId: number, reason: 'reset' | 'signed-out' = 'reset'): Promise<number> {
    const now = this.deps.clock.now();
    const open = await this.repo.listOpen(userId, now);
    const closed = await this.repo.reset(userId, now, reason);
    await this.forgetOpen(open.map((row) => row.id));
    return closed;
  }

  /** An operator closes one of the account's open streams, or all (null); answers how many closed. */
  async closeByOperator(userId: number, sessionId: string | null, actor: Actor): Promise<number> {
    const closed = await this.repo.closeByOperator(userId, sessionId, this.deps.clock.now(), actor);
    await this.forgetOpen(closed);
    return closed.length;
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
