import { useQuery } from '@tanstack/react-query';
import { connDiagRunsSchema } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';

/** Runs the subscriber page shows: enough to see a trend, few enough to read. */
export const SPEED_TESTS_SHOWN = 5;

/** GET /operator/qoe/speed-tests: the account's latest /conndiag/ runs, newest first. */
export function useSpeedTests(userId: number) {
  return useQuery({
    queryKey: ['operator', 'qoe', 'speed-tests', userId],
    queryFn: ({ signal }) =>
      api.get('/operator/qoe/speed-tests', {
        schema: connDiagRunsSchema,
        signal,
        query: { userId, limit: SPEED_TESTS_SHOWN },
      }),
  });
}
