import type { OperatorSamples } from './index';

/** Recordings (issue 29): a channel's recording rights. */
export const samples: OperatorSamples = {
  'PUT /api/v1/operator/channels/{channelId}/recording-rights': async () => ({
    url: '/api/v1/operator/channels/2/recording-rights',
    payload: { recordable: true, skipAhead: false },
  }),
};
