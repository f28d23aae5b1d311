import {
  heartbeatResponseSchema,
  type HeartbeatResponse,
  openSessionResponseSchema,
  preloadResponseSchema,
  type PreloadResponse,
  type OpenSessionRequest,
  type OpenSessionResponse,
  type PlaybackType,
  recordingPlayResponseSchema,
  type RecordingPlayRequest,
} from '@pantalla/contracts';
import { api } from '../../../lib/api-client';

/** Names this app in session references. */
export const SERVICE_NAME = 'pantalla-web';

/** POST /sessions: opened before playback; refusals arrive as ApiError with status and data. */
export function openSession(input: {
  type: PlaybackType;
  id: number;
  /** A subscriber's recording (issue 29): POST /recordings/{id}/play opens it, past the catch-up window. */
  recordingId?: number;
  profileId: number;
  deviceFingerprint: string;
  signal?: AbortSignal;
}): Promise<OpenSessionResponse> {
  if (input.recordingId !== undefined) {
    const play: RecordingPlayRequest = {
      streamingProtocol: 'DASH',
      profileId: input.profileId,
      deviceFingerprint: input.deviceFingerprint,
    };
    return api.post(`/recordings/${encodeURIComponent(String(input.recordingId))}/play`, play, {
      schema: recordingPlayResponseSchema,
      signal: input.signal,
    });
  }
  const body: OpenSessionRequest = {
    reference: { serviceName: SERVICE_NAME, type: input.type, id: String(input.id) },
    streamingProtocol: 'DASH',
    profileId: input.profileId,
    deviceFingerprint: input.deviceFingerprint,
  };
  return api.post('/sessions', body, { schema: openSessionResponseSchema, signal: input.signal });
}

/** POST /sessions/{id}/preload: signed live URLs of the zapping neighbours the viewer may watch. */
export function preloadChannels(
  sessionId: string,
  channelIds: number[],
  signal?: AbortSignal,
): Promise<PreloadResponse> {
  return api.post(
    `/sessions/${encodeURIComponent(sessionId)}/preload`,
    { channelIds },
    { schema: preloadResponseSchema, signal },
  );
}

/** POST /sessions/{id}/heartbeat: keeps the session alive and answers a fresh segment token. */
export function sendHeartbeat(sessionId: string): Promise<HeartbeatResponse> {
  return api.post(`/sessions/${encodeURIComponent(sessionId)}/heartbeat`, undefined, {
    schema: heartbeatResponseSchema,
  });
}

/** DELETE /sessions/{id}; VOD and series send the position for keep-watching. */
export function closeSession(sessionId: string, positionInMs?: number): Promise<void> {
  const body = positionInMs === undefined ? undefined : { positionInMs: Math.max(0, Math.floor(positionInMs)) };
  return api.request(`/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE', body });
}

/**
 * Closing on page unload: fetch with keepalive outlives the page, which a normal request
 * does not. Best effort; the session also expires without heartbeats.
 */
export function closeSessionOnUnload(sessionId: string, idToken: string | null, positionInMs?: number): void {
  void fetch(`/api/v1/sessions/${encodeURIComponent(sessionId)}`, {
    method: 'DELETE',
    keepalive: true,
    headers: { 'content-type': 'application/json', ...(idToken ? { authorization: `Bearer ${idToken}` } : {}) },
    body: JSON.stringify(positionInMs === undefined ? {} : { positionInMs: Math.max(0, Math.floor(positionInMs)) }),
  }).catch(() => undefined);
}

/** POST /sessions/reset: closes every session and DRM session of the account. */
export function resetSessions(): Promise<void> {
  return api.post('/sessions/reset');
}
