import { randomBytes } from 'node:crypto';
import {
  HEARTBEAT_INTERVAL_MS,
  NUM_DEVICES,
  type DrmSystemsResponse,
  type OpenSessionRequest,
  type OpenStream,
  type OpenSessionResponse,
  type PreloadResponse,
  type RecordingPlayRequest,
  type RecordingPlayResponse,
} from '@pantalla/contracts';
import type { Actor } from '../../platform/audit.repository';
import { badRequest, notFound } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import { needsRelay } from './external/streams';
import { referenceId, resolvePlayable, type Playable } from './playable';
import { refuse } from './refusals';
import { SESSION_TTL_MS, pinCoveredBy, streamKindOf, type Caller, type PlaybackNeeds } from './session-rules';
import type { SessionsRepository } from './sessions.repository';
import type { StreamAuthorisation } from './stream-authorisation';
import type { StreamSigning } from './stream-signing';
import type { SessionKind } from './tables';

/** Whether a relayed stream's first answer is an HLS playlist to rewrite, or bytes to pass on. */
function entryKindOf(url: string, playable: Playable): 'playlist' | 'media' {
  let path = '';
  try {
    path = new URL(url).pathname;
  } catch {
    // Refused by the relay when fetched.
  }
  if (/\.m3u8?$/i.test(path)) return 'playlist';
  if (/\.(mpd|ts|mp4|m4s|aac|mp3)$/i.test(path)) return 'media';
  return playable.channel?.streamProtocol === 'hls' ? 'playlist' : 'media';
}

/** Stream sessions: open (with the account limit), heartbeat, close with position, reset. */
export class SessionsService {
  constructor(
    private readonly clock: Clock,
    private readonly repo: SessionsRepository,
    private readonly needs: Pick<PlaybackNeeds, 'accounts' | 'playables' | 'keepWatching' | 'recordings' | 'profiles'>,
    private readonly access: StreamAuthorisation,
    private readonly signing: StreamSigning,
  ) {}

  /** `deviceName` names the device in the settings' open-streams list. */
  async open(caller: Caller, body: OpenSessionRequest, deviceName = ''): Promise<OpenSessionResponse> {
    const playable = await this.access.resolve(body.reference.type, referenceId(body.reference));
    return this.openOn(caller, playable, { ...body, serviceName: body.reference.serviceName }, deviceName);
  }

  /**
   * Opens a session on the caller's recording (issue 29): the same package, PIN, profile and
   * account-limit rules as catch-up, past the channel's catch-up window; 404 for a recording
   * that is not the caller's profile's (issue 30: another profile's is as missing), or no longer exists.
   */
  async openRecording(
    caller: Caller,
    recordingId: number,
    body: RecordingPlayRequest,
    deviceName = '',
  ): Promise<RecordingPlayResponse> {
    const recorded = await this.needs.recordings.recorded(recordingId);
    if (!recorded || recorded.userId !== caller.userId) throw notFound('Grabación no encontrada.');
    const profile = await this.needs.profiles.resolve(caller.userId, caller.profile ?? body.profileId, caller.signIn);
    if (recorded.profileId !== profile.id) throw notFound('Grabación no encontrada.');
    const playable = await this.access.resolve('REC', recordingId);
    const opened = await this.openOn(caller, playable, { ...body, serviceName: 'recording' }, deviceName);
    return { ...opened, canSkipAhead: recorded.canSkipAhead };
  }

  private async openOn(
    caller: Caller,
    playable: Playable,
    body: Omit<OpenSessionRequest, 'reference'> & { serviceName: string },
    deviceName: string,
  ): Promise<OpenSessionResponse> {
    const now = this.clock.now();
    const kind = playable.kind;
    await this.access.authorise(caller.userId, playable);
    // The profile header's signed token, when sent, is the profile (issue 30: a kids profile cannot name an
    // adult one in the body). Without it, 0 is the spec's default profile index (or the sign-in's last
    // choice); any other number must be one of the account's profiles (403); a sign-in that chose a kids
    // profile stays in it.
    const requested = caller.profile ?? body.profileId;
    const profileId = await this.access.profileFor(caller.userId, requested, playable, caller.signIn);

    const id = randomBytes(18).toString('base64url');
    const expiresAt = now + SESSION_TTL_MS;
    const opened = await this.repo.openWithinLimit(
      {
        id,
        userId: caller.userId,
        profileId,
        kind,
        contentId: playable.contentId,
        serviceName: body.serviceName,
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
    return this.answerOpen(caller, profileId, id, playable, expiresAt);
  }

  /** What the player needs of an opened session: the URL to play (signed, or the external one), where to start, DRM. */
  private async answerOpen(
    caller: Caller,
    profileId: number,
    id: string,
    playable: Playable,
    expiresAt: number,
  ): Promise<OpenSessionResponse> {
    const kind = playable.kind;
    const common = { heartbeatIntervalMs: HEARTBEAT_INTERVAL_MS, expiresAt: new Date(expiresAt).toISOString() };
    if (playable.externalUrl !== null) {
      // A stream that asks for headers plays through our origin's relay, bound to this session;
      // the others are played as the list gives them.
      const [url = playable.externalUrl, ...alternateUrls] = playable.externalStreams.map((stream, index) =>
        needsRelay(stream)
          ? this.signing.relayUrl(id, { stream: index, kind: entryKindOf(stream.url, playable), url: stream.url })
          : stream.url,
      );
      const relayed = playable.externalStreams.some(needsRelay);
      return {
        id,
        playInfo: { url, positionInMs: 0, alternateUrls },
        drm: null,
        restartUrl: null,
        ...(relayed ? { segmentToken: this.signing.segmentToken(id) } : {}),
        ...common,
      };
    }
    const url = this.signing.url(caller, id, streamKindOf[kind], playable.contentId);
    const restartUrl =
      kind === 'LIVE' && playable.channel?.tstv === 1 && playable.event
        ? this.signing.url(caller, id, 'restart', playable.event.id)
        : null;
    // Positions are the session's profile's (issue 30); a recording's is its own (kind rec).
    const who = { userId: caller.userId, profileId };
    const positionInMs =
      kind === 'VOD' || kind === 'SERIE'
        ? await this.needs.keepWatching.savedPosition(who, 'vod', playable.contentId)
        : kind === 'CUTV'
          ? await this.needs.keepWatching.savedPosition(who, 'cutv', playable.contentId)
          : kind === 'REC'
            ? await this.needs.keepWatching.savedRecordingPosition(who, playable.contentId)
            : 0;
    return {
      id,
      playInfo: { url, positionInMs },
      drm: { keySystem: 'org.w3.clearkey', licenseUrl: this.signing.licenceUrl(id) },
      restartUrl,
      segmentToken: this.signing.segmentToken(id),
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
    const session = await this.access.openSessionOf(caller.userId, id);
    if (session.kind !== 'LIVE') throw badRequest('Solo una sesión en directo precarga canales.');
    const now = this.clock.now();
    const resources: PreloadResponse['resources'] = [];
    for (const channelId of new Set(channelIds)) {
      const playable = await resolvePlayable(this.needs.playables, 'LIVE', channelId, now).catch(() => null);
      if (!playable || playable.externalUrl !== null) continue;
      if (await this.access.allows(caller.userId, playable))
        resources.push({ channelId, url: this.signing.url(caller, id, 'live', playable.contentId) });
    }
    return { resources };
  }

  /**
   * Keeps a session alive while its viewer may still watch what it plays now: a programme
   * boundary into rating 7 (117), a lost package (401) or a closed session (404/116) refuse,
   * and the session's expiry does not move on.
   */
  async heartbeat(userId: number, id: string): Promise<{ expiresAt: string; segmentToken?: string }> {
    const session = await this.repo.byId(id);
    const now = this.clock.now();
    if (!session || session.userId !== userId || session.closedAt !== null || session.expiresAt <= now)
      throw refuse.streamSessionGone();
    const playable = await this.access.resolve(session.kind, session.contentId);
    await this.access.authorise(userId, playable, pinCoveredBy(session, playable));
    const expiresAt = now + SESSION_TTL_MS;
    if (!(await this.repo.heartbeat(id, userId, now, expiresAt))) throw refuse.streamSessionGone();
    // The segment token is renewed only here (and in manifests): a closed, reset or unwatchable
    // session gets no new one, so its segment URLs die with the last token (60 s).
    const signed = playable.externalUrl === null || playable.externalStreams.some(needsRelay);
    const segmentToken = signed ? this.signing.segmentToken(id) : undefined;
    return { expiresAt: new Date(expiresAt).toISOString(), ...(segmentToken ? { segmentToken } : {}) };
  }

  /** Closes a session and keeps the position for keep-watching (films, episodes, catch-up). */
  async close(userId: number, id: string, positionInMs: number | undefined): Promise<void> {
    const session = await this.repo.byId(id);
    if (!session || session.userId !== userId) throw refuse.streamSessionGone();
    await this.repo.close(id, userId, this.clock.now());
    await this.access.forgetOpen([id]);
    const who = { userId, profileId: session.profileId };
    if (positionInMs !== undefined && session.kind === 'REC') {
      // A recording keeps its own position: as its programme's catch-up one, keep-watching would
      // offer that programme after its catch-up window, where it no longer plays.
      const recorded = await this.needs.recordings.recorded(session.contentId);
      if (recorded?.userId === userId && recorded.profileId === session.profileId)
        await this.needs.keepWatching.markRecording(
          who,
          recorded.id,
          positionInMs,
          recorded.endTime - recorded.startTime,
        );
    } else if (positionInMs !== undefined && session.kind !== 'LIVE') {
      const kind = session.kind === 'CUTV' ? 'cutv' : 'vod';
      await this.needs.keepWatching.mark(who, kind, session.contentId, positionInMs);
    }
  }

  /** The licence servers of an open session of this caller. */
  async drmSystems(caller: Caller, id: string): Promise<DrmSystemsResponse> {
    return this.signing.drmSystems(caller, await this.access.openSessionOf(caller.userId, id));
  }

  /** The account's open streams for the settings: device, what each plays, since when. */
  async listOpen(userId: number): Promise<OpenStream[]> {
    const now = this.clock.now();
    const rows = await this.repo.listOpen(userId, now);
    return Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        device: row.deviceName ?? '',
        // A recording plays from the catch-up archive: the contract's type says so.
        type: row.kind === 'REC' ? ('CUTV' as const) : row.kind,
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
    if (kind === 'REC') return (await this.needs.recordings.recorded(contentId))?.title ?? '';
    return (kind === 'VOD' ? await playables.film(contentId) : await playables.episode(contentId))?.title ?? '';
  }

  /** Closes every session of the account ('Reiniciar sesiones DRM'); `reason` 'signed-out' after a password change or a sign-out everywhere. */
  async reset(userId: number, reason: 'reset' | 'signed-out' = 'reset'): Promise<number> {
    const now = this.clock.now();
    const open = await this.repo.listOpen(userId, now);
    const closed = await this.repo.reset(userId, now, reason);
    await this.access.forgetOpen(open.map((row) => row.id));
    return closed;
  }

  /** An operator closes one of the account's open streams, or all (null); answers how many closed. */
  async closeByOperator(userId: number, sessionId: string | null, actor: Actor): Promise<number> {
    const closed = await this.repo.closeByOperator(userId, sessionId, this.clock.now(), actor);
    await this.access.forgetOpen(closed);
    return closed.length;
  }
}
