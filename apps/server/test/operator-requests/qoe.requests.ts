import type { OperatorSamples } from './index';

/** Quality of experience (issue 28): the alert thresholds. */
export const samples: OperatorSamples = {
  'PUT /api/v1/operator/qoe/thresholds': async () => ({
    url: '/api/v1/operator/qoe/thresholds',
    payload: { failurePct: 12, startupP95Ms: 6000, minViews: 5 },
  }),
};
