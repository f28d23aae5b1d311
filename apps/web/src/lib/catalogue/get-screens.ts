import { queryOptions, useQuery } from '@tanstack/react-query';
import { screensResponseSchema, type Screen } from '@pantalla/contracts';
import { api } from '../api-client';

export function getScreens({
  lineupId,
  regionId,
  signal,
}: {
  lineupId?: number;
  regionId?: number;
  signal?: AbortSignal;
}): Promise<{ resources: Screen[] }> {
  return api.get('/screens', { schema: screensResponseSchema, signal, query: { lineupId, regionId } });
}

export const getScreensQueryOptions = (lineupId?: number, regionId?: number) =>
  queryOptions({
    queryKey: ['catalogue', 'screens', lineupId ?? null, regionId ?? null],
    queryFn: ({ signal }) => getScreens({ lineupId, regionId, signal }),
    staleTime: 30 * 60_000,
  });

export function useScreens(lineupId?: number, regionId?: number, enabled = true) {
  return useQuery({ ...getScreensQueryOptions(lineupId, regionId), enabled });
}

/** The screen with alias 'home'. */
export function findHomeScreen(screens: Screen[] | undefined): Screen | null {
  return screens?.find((screen) => screen.alias === 'home') ?? null;
}
