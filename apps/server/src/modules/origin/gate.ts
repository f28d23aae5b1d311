import type { PlaybackClaims } from './signed-url';

/**
 * The rights behind every manifest, asked of playback: each throws the refusal the player
 * maps (404/116 session gone, 401/401 no rights, 403/117 PIN) or returns when allowed.
 */
export interface StreamGate {
  /** A signed manifest: its session is open and its viewer may watch what it opens now. */
  checkStream(claims: PlaybackClaims): Promise<void>;
  /** The catch-up manifest test: the signed-in user may see this programme. */
  checkProgramme(userId: number, eventId: number): Promise<void>;
}
