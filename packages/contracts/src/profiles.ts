import { z } from 'zod';
import { idParamSchema } from './ids';
import { parentalPinSchema } from './identity';
import { requestString } from './text';

/** Issue 30: profiles of one account (adult or kids), each with its avatar and language. */

/**
 * The header a request names its profile with: the profile token POST /profiles/{id}/select
 * answered (signed by the server, bound to the account and the sign-in), never a bare id.
 * Absent means the account's first profile.
 */
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
  /* The profile the app is in now is its PROFILE_HEADER token; the server decides from it. */
});
/** The profile switched to, and the token to send in PROFILE_HEADER from now on (until `profileTokenExpiration`). */
export const profileSelectedSchema = z.object({
  profile: profileDetailSchema,
  profileToken: z.string(),
  /** Epoch seconds; the token also dies with the sign-in it was issued under. */
  profileTokenExpiration: z.number().int(),
});
export type ProfileSelected = z.infer<typeof profileSelectedSchema>;

export const PROFILE_LIMIT_REACHED = (max: number) =>
  `Esta cuenta ya tiene ${max} perfiles, el máximo. Borra uno para crear otro.`;
export const PROFILE_NOT_YOURS = 'Ese perfil no pertenece a esta cuenta.';
export const PROFILE_DEFAULT_UNDELETABLE = 'El perfil principal no se puede borrar.';
export const PROFILE_NOT_FOUND = 'No existe ese perfil.';
/** 403 for a profile header that is a token the server did not sign, of another sign-in, expired or of a deleted profile: pick a profile again. */
export const PROFILE_TOKEN_REFUSED = 'Vuelve a elegir quién está viendo.';
/** 403: a kids profile changes only its own name, picture and language. */
export const PROFILE_KIDS_SETTINGS = 'Un perfil infantil solo puede cambiar su nombre, su imagen y su idioma.';
export const PROFILE_PIN_REQUIRED = 'Para pasar de un perfil infantil a uno de adulto hace falta el PIN parental.';
