import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileSchema, type Profile, type createProfileSchema } from '@pantalla/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { getProfilesQueryOptions } from './get-profiles';

export type CreateProfileInput = z.input<typeof createProfileSchema>;

/** Spec's default profile: adult, named 'Default'. Its PIN is the server's business. */
export const DEFAULT_PROFILE: CreateProfileInput = { isAdult: true, name: 'Default' };

export function createProfile(input: CreateProfileInput): Promise<Profile> {
  return api.post('/profiles', input, { schema: profileSchema });
}

export function useCreateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getProfilesQueryOptions().queryKey }),
  });
}
