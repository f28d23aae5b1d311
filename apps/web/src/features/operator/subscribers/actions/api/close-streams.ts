import { closedStreamsResponseSchema } from '@pantalla/contracts';
import { api } from '../../../../../lib/api-client';
import { useSubscriberAction } from './use-subscriber-action';

/** POST /operator/subscribers/{userId}/streams/{sessionId}/close, or .../streams/close for all (sessionId null). */
export function closeStreams(userId: number, sessionId: string | null) {
  const path =
    sessionId === null
      ? `/operator/subscribers/${userId}/streams/close`
      : `/operator/subscribers/${userId}/streams/${encodeURIComponent(sessionId)}/close`;
  return api.post(path, undefined, { schema: closedStreamsResponseSchema });
}

export const useCloseStreams = (userId: number, sessionId: string | null) =>
  useSubscriberAction(userId, () => closeStreams(userId, sessionId));
