import { useQuery } from '@tanstack/react-query';
import { channelGenresResponseSchema, packagesResponseSchema } from '@pantalla/contracts';
import { api } from '../../../../lib/api-client';

/** The names the table and the form show for package and genre ids. */
export interface ChannelOptions {
  packages: { id: number; name: string }[];
  genres: { id: number; name: string }[];
}

/** GET /packages and GET /channel-genres: a handful of rows each, read once per visit. */
export async function getChannelOptions(signal?: AbortSignal): Promise<ChannelOptions> {
  const [packages, genres] = await Promise.all([
    api.get('/packages', { schema: packagesResponseSchema, signal }),
    api.get('/channel-genres', { schema: channelGenresResponseSchema, signal }),
  ]);
  return {
    packages: packages.resources.filter((p) => p.kind !== 'ppv').map((p) => ({ id: p.id, name: p.name })),
    genres: genres.resources.map((g) => ({ id: g.id, name: g.name })),
  };
}

export function useChannelOptions() {
  return useQuery({
    queryKey: ['operator', 'channel-options'],
    queryFn: ({ signal }) => getChannelOptions(signal),
    staleTime: 5 * 60_000,
  });
}
