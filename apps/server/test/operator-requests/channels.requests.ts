import type { OperatorSamples } from './index';

/** The console's channel and lineup changes (issue 27), on the demo catalogue. */
export const samples: OperatorSamples = {
  'PATCH /api/v1/operator/channels/{channelId}': async () => ({
    url: '/api/v1/operator/channels/3',
    payload: { name: 'Canal Meridiano HD', catchupHours: 48 },
  }),
  // The demo's channels play from our origin: nothing is fetched, the check is still audited.
  'POST /api/v1/operator/channels/{channelId}/stream-check': async () => ({
    url: '/api/v1/operator/channels/3/stream-check',
  }),
  // Channel 2 of the national lineup (1) to the first place.
  'PUT /api/v1/operator/lineups/{lineupId}/order': async () => ({
    url: '/api/v1/operator/lineups/1/order',
    payload: { channelId: 2, toPosition: 0 },
  }),
};
