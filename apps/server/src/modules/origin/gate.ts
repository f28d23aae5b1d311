import type { RelayedStream } from './relay.http';
import type { PlaybackClaims } from './signed-url';

/**
 * The rights behind every manifest, asked of playback: each throws the refusal the player
 * maps (404/116 session gone, 401/401 no rights, 403/117 PIN) or returns when allowed.
 */
export interface StreamGate {
  /**
   * A signed manifest: its session is open and its viewer may watch what it opens now.
   * Resolves to the session the manifest's segment URLs are signed for (a zapped-to
   * neighbour's URL plays under the session the zap opened).
   */
  checkStream(claims: PlaybackClaims): Promise<string>;
  /** The catch-up manifest test: the signed-in user may see this programme. */
  checkProgramme(userId: number, eventId: number): Promise<void>;
  /**
   * Whether a stream session is open, for every signed segment: answered from memory for a
   * few seconds (SEGMENT_SESSION_RECHECK_MS) and forgotten at once when a session closes.
   */
  streamSessionOpen(sessionId: string): Promise<boolean>;
  /**
   * The `stream`-th external stream (0: main, then the alternates) of what a session plays,
   * with the headers its list entry asked for; null when the session plays no such stream or
   * it asks for no headers (it is not relayed).
   */
  relayedStream(sessionId: string, stream: number): Promise<RelayedStream | null>;
}
