import { NUM_DEVICES } from '@pantalla/contracts';
import type { Cache } from '../../platform/cache';
import type { Platform } from '../../platform/module';
import type { PlaybackClaims, StreamKind } from '../origin';
import { needsRelay, type ExternalStream } from './external/streams';
import { resolvePlayable, resolveRecording, resolveRestart, type Playable } from './playable';
import { refuse } from './refusals';
import {
  CLOSED_SEGMENT_GRACE_MS,
  OPEN_SESSIONS_CACHE,
  SEGMENT_SESSION_RECHECK_MS,
  pinCoveredBy,
  streamKindOf,
  type PlaybackNeeds,
} from './session-rules';
import type { SessionsRepository } from './sessions.repository';
import type { SessionKind, StreamSessionRow } from './tables';

type StreamClaims = Pick<PlaybackClaims, 'sub' | 'sid' | 'kind' | 'id'>;

/** Whether a viewer may watch a stream now: rights, the parental PIN, an open session. */
export class StreamAuthorisation {
  /** Until when (epoch ms) each session's segments may be served; 0 when not at all. */
  private readonly openSessions: Cache<string, number>;

  constructor(
    private readonly deps: Pick<Platform, 'clock' | 'caches'>,
    private readonly repo: SessionsRepository,
    private readonly needs: Pick<
      PlaybackNeeds,
      'accounts' | 'parental' | 'profiles' | 'rights' | 'playables' | 'recordings'
    >,
  ) {
    this.openSessions = deps.caches.create(OPEN_SESSIONS_CACHE, { max: 100_000, ttlMs: SEGMENT_SESSION_RECHECK_MS });
  }

  /** What a session plays, resolved now (rights may be checked against it). */
  resolve(kind: SessionKind, contentId: number): Promise<Playable> {
    if (kind === 'REC') return resolveRecording(this.needs.playables, this.needs.recordings, contentId);
    return resolvePlayable(this.needs.playables, kind, contentId, this.deps.clock.now());
  }

  /** Rights and parental checks shared by session opens and licences. */
  async authorise(userId: number, playable: Playable, pinCovered = false): Promise<void> {
    const user = await this.needs.accounts.find(userId);
    if (!user) throw refuse.accountGone();
    // A recording is its owner's alone: anyone else is told nothing of it.
    if (playable.recording && playable.recording.userId !== userId) throw refuse.noRights();
    const access = await this.needs.rights.accessFor(userId);
    if (!access.ownedPackageIds.has(playable.packageId)) throw refuse.noRights();
    if (playable.restricted && !pinCovered && user.hasPin && !(await this.needs.parental.hasFreshParentalGrant(userId)))
      throw refuse.parentalPin();
  }

  /**
   * The session's profile (a stored or body id, or the profile header's signed token), checked
   * against the account (403 when not its own); a kids profile
   * is refused anything rated above KIDS_MAX_RATING, rating 7 and the adult section always.
   */
  async profileFor(userId: number, profileId: number | string, playable: Playable, signIn?: string): Promise<number> {
    const profile = await this.needs.profiles.resolve(userId, profileId, signIn);
    if (profile.kind === 'kids' && (playable.restricted || playable.rating > profile.kidsMaxRating))
      throw refuse.kidsProfile();
    return profile.id;
  }

  /** Whether the user may watch this playable now, without saying why not. */
  allows(userId: number, playable: Playable): Promise<boolean> {
    return this.authorise(userId, playable).then(
      () => true,
      () => false,
    );
  }

  /**
   * The origin's question for every signed manifest: is the URL's session still open, and may
   * its viewer watch what the URL opens now? Throws the refusal the player maps.
   */
  async checkStream(claims: StreamClaims): Promise<string> {
    const now = this.deps.clock.now();
    const session = await this.sessionOfStream(claims, now);
    const playable = await this.streamPlayable(claims.kind, claims.id, now);
    // A neighbour's preload URL rides on this session but was never unlocked by it.
    const own =
      claims.kind === 'restart'
        ? session.kind === 'LIVE' && playable.contentId === session.contentId
        : streamKindOf[session.kind] === claims.kind && claims.id === session.contentId;
    await this.authorise(claims.sub, playable, own && pinCoveredBy(session, playable));
    if (claims.kind === 'restart') {
      // A restart window runs on into what airs now: that programme must be watchable too.
      const onAir = await resolvePlayable(this.needs.playables, 'LIVE', playable.contentId, now);
      await this.authorise(claims.sub, onAir, own && pinCoveredBy(session, onAir));
    }
    return session.id;
  }

  /** The catch-up manifest test: the user may see this programme (rights, PIN, purchase). */
  async checkProgramme(userId: number, eventId: number): Promise<void> {
    await this.authorise(userId, await this.resolve('CUTV', eventId));
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
      return session.closedReason === 'closed'
        ? Math.min(session.expiresAt, session.closedAt + CLOSED_SEGMENT_GRACE_MS)
        : 0;
    });
    return until > this.deps.clock.now();
  }

  /**
   * The `index`-th external stream of what session `id` plays now, when it asks for headers
   * (the relay's question, asked once the session is known open); null otherwise.
   */
  async relayedStream(id: string, index: number): Promise<ExternalStream | null> {
    const session = await this.repo.byId(id);
    if (!session) return null;
    const playable = await this.resolve(session.kind, session.contentId).catch(() => null);
    const stream = playable?.externalStreams[index];
    return stream && needsRelay(stream) ? stream : null;
  }

  /** Every process forgets what it knew of these sessions (their segments are refused from now on). */
  async forgetOpen(ids: readonly string[]): Promise<void> {
    for (const id of ids) await this.deps.caches.forget(OPEN_SESSIONS_CACHE, id);
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

  /**
   * The session a signed URL plays under: its own while open. A neighbour's live URL fetched
   * ahead under the session of the channel then playing becomes the picture when the viewer
   * zaps to it; that session is closed by the zap, and the URL lives on under the session the
   * zap opened for that channel on the same device (closed in turn, it stops too).
   */
  private async sessionOfStream(claims: StreamClaims, now: number): Promise<StreamSessionRow> {
    const session = await this.repo.byId(claims.sid);
    if (!session || session.userId !== claims.sub) throw refuse.streamSessionGone();
    if (session.closedAt === null && session.expiresAt > now) return session;
    const preloaded = claims.kind === 'live' && session.kind === 'LIVE' && claims.id !== session.contentId;
    const zapped = preloaded
      ? await this.repo.openLiveSession(claims.sub, claims.id, session.deviceFingerprint, now)
      : undefined;
    if (!zapped) throw refuse.streamSessionGone();
    return zapped;
  }

  private async streamPlayable(kind: StreamKind, id: number, now: number): Promise<Playable> {
    if (kind === 'restart') return resolveRestart(this.needs.playables, id);
    const sessionKind: Record<Exclude<StreamKind, 'restart'>, SessionKind> = {
      live: 'LIVE',
      catchup: 'CUTV',
      vod: 'VOD',
      episode: 'SERIE',
      recording: 'REC',
    };
    const session = sessionKind[kind];
    return session === 'REC' ? this.resolve(session, id) : resolvePlayable(this.needs.playables, session, id, now);
  }
}
