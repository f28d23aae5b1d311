import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  type newProfileSchema,
  profileDetailListSchema,
  profileDetailSchema,
  profileSelectedSchema,
  type ProfileDetail,
  type ProfileUpdate,
} from '@pantalla/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { currentProfile } from '../../../lib/current-profile';

export const profilesQuery = () =>
  queryOptions({
    queryKey: ['profiles', 'details'],
    queryFn: ({ signal }) => api.get('/profiles', { schema: profileDetailListSchema, signal }),
  });

export function useProfileDetails() {
  return useQuery(profilesQuery());
}

/**
 * Switches to a profile: the server checks the PIN when leaving a kids profile for an adult
 * one and answers the profile token, which the API client sends from now on. Everything
 * cached for the previous profile is fetched again.
 */
export async function selectProfile(
  queryClient: QueryClient,
  email: string,
  id: number,
  pin?: string,
): Promise<ProfileDetail> {
  const selected = await api.post(`/profiles/${id}/select`, pin === undefined ? {} : { pin }, {
    schema: profileSelectedSchema,
  });
  const { profile } = selected;
  currentProfile.set({
    email,
    id: profile.id,
    name: profile.name,
    avatar: profile.avatar,
    kind: profile.kind,
    token: selected.profileToken,
  });
  await queryClient.invalidateQueries();
  return profile;
}

/** After a change to the list: the current profile's name, picture and kind follow it. */
function refreshCurrent(profiles: readonly ProfileDetail[]): void {
  const current = currentProfile.get();
  const now = current && profiles.find((p) => p.id === current.id);
  if (current && now) currentProfile.set({ ...current, name: now.name, avatar: now.avatar, kind: now.kind });
}

function useProfileMutation<I>(run: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: profilesQuery().queryKey });
      const list = queryClient.getQueryData(profilesQuery().queryKey);
      if (list) refreshCurrent(list.resources);
    },
  });
}

export const useCreateProfile = () =>
  useProfileMutation((input: z.input<typeof newProfileSchema>) =>
    api.post('/profiles', input, { schema: profileDetailSchema }),
  );

export const useUpdateProfile = () =>
  useProfileMutation(({ id, changes }: { id: number; changes: ProfileUpdate }) =>
    api.request(`/profiles/${id}`, { method: 'PATCH', body: changes, schema: profileDetailSchema }),
  );

export const useDeleteProfile = () =>
  useProfileMutation((id: number) => api.request(`/profiles/${id}`, { method: 'DELETE' }));
