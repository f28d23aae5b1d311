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

/** The account's own queries, the same whichever profile watches: the only ones a switch keeps. */
const ACCOUNT_WIDE = new Set(['profiles', 'account', 'payments-status', 'time', 'locator', 'registration', 'operator']);
const profileData = (query: { queryKey: readonly unknown[] }) => !ACCOUNT_WIDE.has(String(query.queryKey[0]));

/**
 * Switches to a profile: the server checks the PIN when leaving a kids profile for an adult
 * one and answers the profile token, which the API client sends from now on. Another profile
 * starts with nothing of the previous one's: its queries are dropped (the screens show their
 * loading state, never the previous rows, not even while the new ones load; a kids profile
 * must not glimpse an adult's) and only what is on screen is asked again, without waiting for
 * it. The same profile again (its token renewed) keeps its data and refreshes it.
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
  const previous = currentProfile.get();
  const same = previous?.email === email && previous.id === profile.id;
  currentProfile.set({
    email,
    id: profile.id,
    name: profile.name,
    avatar: profile.avatar,
    kind: profile.kind,
    token: selected.profileToken,
  });
  if (same) void queryClient.invalidateQueries();
  else forgetPreviousProfile(queryClient);
  return profile;
}

/**
 * In the same task as the change, so the screens built anew for it (ProfileScope) render no
 * stale answer: they ask what they read (the home's early asks included, which a reset would
 * see cancelled as the previous screen's observers left). What is on screen outside them follows
 * on its next render (RootLayout renders again on a switch).
 */
function forgetPreviousProfile(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: profileData });
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
