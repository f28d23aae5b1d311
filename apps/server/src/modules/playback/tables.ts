import type { Generated, Selectable } from 'kysely';

/** What a stream session plays (the contract's reference types; REC a subscriber's recording, opened by its own route). */
export type SessionKind = 'LIVE' | 'CUTV' | 'VOD' | 'SERIE' | 'REC';

/**
 * A stream session: open while closed_at is null and expires_at lies ahead; each heartbeat
 * moves expires_at on. Instants are epoch milliseconds.
 */
export interface StreamSessionTable {
  /** Random, unguessable (it names the licence URL). */
  id: string;
  userId: number;
  profileId: number;
  kind: SessionKind;
  contentId: number;
  serviceName: string;
  streamingProtocol: 'DASH' | 'HLS';
  deviceFingerprint: string;
  /** 'Chrome · Windows': from the opening request's User-Agent, for the settings' open-streams list. */
  deviceName: string | null;
  createdAt: number;
  lastHeartbeatAt: number;
  expiresAt: number;
  closedAt: number | null;
  /** 'closed' (DELETE), 'reset' (sessions reset), 'signed-out' (password changed, signed out everywhere) or null while open. */
  closedReason: string | null;
  /** Licences asked for under this session (capped: a flood is refused 429). */
  licenceRequests: Generated<number>;
}
export type StreamSessionRow = Selectable<StreamSessionTable>;

/** A licence issued for a session: the account's DRM sessions, revoked by a reset. */
export interface DrmSessionTable {
  id: string;
  streamSessionId: string;
  userId: number;
  kid: string;
  issuedAt: number;
  revokedAt: number | null;
}
export type DrmSessionRow = Selectable<DrmSessionTable>;

export interface PlaybackTables {
  streamSessions: StreamSessionTable;
  drmSessions: DrmSessionTable;
}
