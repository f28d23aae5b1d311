import type { HeartbeatResponse, OpenSessionResponse, ParentalGrant, PlaybackType } from '@pantalla/contracts';
import { session as appSession } from '../../account';
import { browserTraits, deviceFingerprint } from '../lib/device';
import { closeSession, closeSessionOnUnload, openSession, resetSessions, sendHeartbeat } from './sessions';

/** The server calls a playback session makes, in one place so the session hook can be given others. */
export interface PlaybackApi {
  openSession(input: {
    type: PlaybackType;
    id: number;
    /** A recording (issue 29): opened by its id instead of the reference. */
    recordingId?: number;
    profileId: number;
    signal: AbortSignal;
  }): Promise<OpenSessionResponse>;
  /** Keeps the session alive; answers a fresh segment token. */
  sendHeartbeat(sessionId: string): Promise<HeartbeatResponse>;
  closeSession(sessionId: string, positionInMs?: number): Promise<void>;
  /** A close that outlives the page (pagehide). */
  closeSessionOnUnload(sessionId: string, positionInMs?: number): void;
  resetSessions(): Promise<void>;
  verifyParentalPin(pin: string): Promise<ParentalGrant>;
  /** After the reset-sessions prompt: the page starts afresh. */
  reloadPage(): void;
}

/** The real calls: this device's fingerprint, the signed-in user's token. */
export const playbackApi: PlaybackApi = {
  openSession: (input) => openSession({ ...input, deviceFingerprint: deviceFingerprint(browserTraits()) }),
  sendHeartbeat,
  closeSession,
  closeSessionOnUnload: (sessionId, positionInMs) =>
    closeSessionOnUnload(sessionId, appSession.getState().userInfo?.idToken ?? null, positionInMs),
  resetSessions,
  verifyParentalPin: async (pin) => (await import('./parental')).verifyParentalPin(pin),
  reloadPage: () => window.location.reload(),
};
