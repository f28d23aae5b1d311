import { z } from 'zod';
import { MAX_ID, idParamSchema } from './ids';
import { parentalPinSchema } from './identity';
import { requestString } from './text';

/** Issue 30: profiles of one account (adult or kids), each with its avatar and language. */

/** The header a list request names its profile with; absent means the account's first profile. */
export const PROFILE_HEADER = 'x-pantalla-profile';

/** The avatars a profile may wear: the app draws each id; the server only checks it is one of these. */
export const PROFILE_AVATARS = ['sol', 'luna', 'estrella', 'zorro', 'gato', 'perro', 'buho', 'cohete'] as const;
export const profileAvatarSchema = z.enum(PROFILE_AVATARS);
export const PROFILE_LANGUAGES = ['es', 'en', 'de'] as const;
export const profileLanguageSchema = z.enum(PROFILE_LANGUAGES);
export const profileKindSchema = z.enum(['adult', 'kids']);
export type ProfileKind = z.infer<typeof profileKindSchema>;

/** A profile with everything the app shows of it; `isAdult` stays for the spec's clients (kind !== 'kids'). */
export const profileDetailSchema = z.object({
  id: z.number().int(),
  isAdult: z.boolean(),
  name: z.string(),
  avatar: profileAvatarSchema,
  language: profileLanguageSchema.nullable(),
  kind: profileKindSchema,
  /** The first profile: the spec's default, which cannot be deleted. */
  isDefault: z.boolean(),
});
export type ProfileDetail = z.infer<typeof profileDetailSchema>;
export const profileDetailListSchema = z.object({ resources: z.array(profileDetailSchema) });

const profileNameSchema = requestString().trim().min(1).max(60);

/** A new profile; the spec's clients send only name and isAdult, so the rest has defaults. */
export const newProfileSchema = z.object({
  name: profileNameSchema,
  isAdult: z.boolean().optional(),
  kind: profileKindSchema.optional(),
  avatar: profileAvatarSchema.default('sol'),
  language: profileLanguageSchema.nullable().default(null),
});
export type NewProfile = z.infer<typeof newProfileSchema>;

/** A change to a profile: any of its fields. */
export const profileUpdateSchema = z
  .object({
    name: profileNameSchema,
    kind: profileKindSchema,
    avatar: profileAvatarSchema,
    language: profileLanguageSchema.nullable(),
  })
  .partial();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const profileParamsSchema = z.object({ id: idParamSchema });

/** Switching to a profile: the parental PIN when leaving a kids profile for an adult one and the account has a PIN. */
export const profileSelectSchema = z.object({
  pin: parentalPinSchema.optional(),
  /** The profile the app is in now (its header travels too); the server decides from the header. */
});
export const profileSelectedSchema = z.object({ profile: profileDetailSchema });

/** The header's value: a profile id. */
export const profileHeaderSchema = z.coerce.number().int().positive().max(MAX_ID);

export const PROFILE_LIMIT_REACHED = (max: number) =>
  `Esta cuenta ya tiene ${max} perfiles, el máximo. Borra uno para crear otro.`;
export const PROFILE_NOT_YOURS = 'Ese perfil no pertenece a esta cuenta.';
export const PROFILE_DEFAULT_UNDELETABLE = 'El perfil principal no se puede borrar.';
export const PROFILE_NOT_FOUND = 'No existe ese perfil.';
export const PROFILE_PIN_REQUIRED = 'Para pasar de un perfil infantil a uno de adulto hace falta el PIN parental.';
