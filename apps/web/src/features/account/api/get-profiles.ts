import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileListSchema } from '@pantalla/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type ProfileList = z.infer<typeof profileListSchema>;

export function getProfiles({ signal }: { signal?: AbortSignal } = {}): Promise<ProfileList> {
  return api.get('/profiles', { schema: profileListSchema, signal });
}

export const getProfilesQueryOptions = () =>
  queryOptions({ queryKey: ['account', 'profiles'], queryFn: ({ signal }) => getProfiles({ signal }) });

export function useProfiles() {
  return useQuery(getProfilesQueryOptions());
}
