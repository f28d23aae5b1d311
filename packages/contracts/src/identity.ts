import { z } from 'zod';
import { requestString } from './text';
import { formMessage } from './errors';

/** The answer to a reset with a token that is unknown, used or expired. */
export const RESET_LINK_INVALID = 'El enlace para restablecer la contraseña no es válido o ha caducado.';

/** Emails are compared without case; stored and answered in lower case. */
export const emailSchema = requestString()
  .trim()
  .toLowerCase()
  .pipe(z.email(formMessage('Introduce un correo electrónico válido')));

/** Password rule of the spec: 6 to 30 characters. */
export const passwordSchema = requestString(formMessage('La contraseña debe tener entre 6 y 30 caracteres'))
  .min(6, formMessage('La contraseña debe tener entre 6 y 30 caracteres'))
  .max(30, formMessage('La contraseña debe tener entre 6 y 30 caracteres'));

export const passwordLoginSchema = z.object({
  flow: z.literal('password'),
  username: requestString().trim().min(1).max(254),
  password: requestString().min(1).max(1024),
  rememberMe: z.boolean().default(true),
});

/** Refresh reads the token from its httpOnly cookie; the body names only the flow. */
export const refreshLoginSchema = z.object({ flow: z.literal('refresh') });

/** Completes a sign-in with the token of a mailed sign-in link (/signin/{token}). */
export const linkLoginSchema = z.object({ flow: z.literal('link'), token: requestString().min(1).max(200) });

export const loginRequestSchema = z.discriminatedUnion('flow', [
  passwordLoginSchema,
  refreshLoginSchema,
  linkLoginSchema,
]);
export type LoginRequest = z.input<typeof loginRequestSchema>;

/**
 * The password flow's 202 while the account or the address is under attack and this
 * device is unknown: no tokens; a sign-in link was mailed if the credentials were right.
 */
export const signInLinkSentSchema = z.object({ step: z.literal('sign-in-link'), message: z.string() });
export type SignInLinkSent = z.infer<typeof signInLinkSentSchema>;
export const SIGN_IN_LINK_SENT =
  'Por seguridad, si el correo electrónico y la contraseña son correctos, te hemos enviado un enlace para iniciar sesión en este dispositivo. Caduca en 15 minutos.';
/** The answer to a sign-in link that is unknown, used or expired. */
export const SIGN_IN_LINK_INVALID = 'El enlace para iniciar sesión no es válido o ha caducado.';

export const skinLogoSchema = z.object({ type: z.union([z.literal(3001), z.literal(3002)]), url: z.string() });
export const skinSchema = z.object({ operator: z.string(), provider: z.string(), logos: z.array(skinLogoSchema) });
export type Skin = z.infer<typeof skinSchema>;

export const profileSchema = z.object({ id: z.number().int(), isAdult: z.boolean(), name: z.string() });
export type Profile = z.infer<typeof profileSchema>;
export const profileListSchema = z.object({ resources: z.array(profileSchema) });
export const createProfileSchema = z.object({
  isAdult: z.boolean().default(true),
  name: requestString().trim().min(1).max(60),
});

/**
 * The signed-in user's info. Expirations are epoch seconds with ISO twins. The refresh
 * token itself never appears here: it travels only in an httpOnly cookie.
 */
export const userInfoSchema = z.object({
  userId: z.number().int(),
  idToken: z.string(),
  idTokenExpiration: z.number().int(),
  idTokenExpirationIso: z.string(),
  refreshTokenExpiration: z.number().int(),
  refreshTokenExpirationIso: z.string(),
  /** True when the refresh cookie persists (remember-me). */
  rememberMe: z.boolean(),
  email: z.string(),
  username: z.string(),
  skin: skinSchema,
  channelOrder: z.array(z.number().int()),
  regionId: z.number().int(),
  profiles: z.array(profileSchema),
  json_file: z.string(),
  /** Whether a parental PIN is set; the PIN itself never leaves the server. */
  hasPin: z.boolean(),
  /** False until the address is confirmed through the registration mail's link (absent: confirmed). */
  emailConfirmed: z.boolean().optional(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const accountSchema = z.object({
  resources: z.array(z.object({ regionId: z.number().int(), email: z.string(), hasPin: z.boolean() })),
});

export const timeSchema = z.object({ now: z.string(), time: z.number().int() });
export type TimeResponse = z.infer<typeof timeSchema>;

export const serviceLocatorQuerySchema = z.object({ login: requestString().max(254).optional() });
export const serviceLocatorSchema = z.object({
  message: z.literal('OK'),
  endpoint_idm: z.string(),
  endpoint_static: z.string(),
  endpoint_manager: z.string(),
  endpoint_search: z.string(),
});

export const passwordRecoveryRequestSchema = z.object({
  email: requestString(formMessage('Introduce tu correo electrónico.'))
    .trim()
    .min(1, formMessage('Introduce tu correo electrónico.'))
    .max(254, formMessage('El correo electrónico es demasiado largo.')),
  /** The app's language when the link was asked for: the mail is written in it (Spanish without it). */
  language: z.enum(['es', 'en', 'de']).optional(),
});
/** The one answer to every recovery request, so it tells nobody whether an account exists. */
export const PASSWORD_RECOVERY_CONFIRMATION =
  'Gracias. Si el correo electrónico está en nuestra base de datos, recibirá un enlace para restablecer la contraseña';
export const messageSchema = z.object({ message: z.string() });

export const passwordResetRequestSchema = z.object({
  token: requestString(formMessage(RESET_LINK_INVALID))
    .min(16, formMessage(RESET_LINK_INVALID))
    .max(200, formMessage(RESET_LINK_INVALID)),
  password: passwordSchema,
});

export const mailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
});
export type Mail = z.infer<typeof mailSchema>;
export const mailListSchema = z.array(mailSchema);
/** Filter of the development mailbox: only mail to one address. */
export const mailQuerySchema = z.object({ to: requestString().max(254).optional() });

/** The parental PIN: exactly 4 digits. */
export const parentalPinSchema = requestString().regex(/^\d{4}$/, { message: 'El PIN parental tiene 4 dígitos' });
export const parentalVerifyRequestSchema = z.object({ pin: parentalPinSchema });
/** A correct PIN opens restricted content until grantedUntil (epoch seconds). */
export const parentalGrantSchema = z.object({ grantedUntil: z.number().int() });
export type ParentalGrant = z.infer<typeof parentalGrantSchema>;

// ---------------------------------------------------------------- settings (accounts spec 4, 5)

/** Step 1 of Change and Disable: the current PIN, checked by the server (message 50 when wrong). */
export const parentalPinCheckSchema = z.object({ pin: parentalPinSchema });
/** Step 4 of Define and Change: the account password, checked first (message 52 when wrong). */
export const passwordCheckSchema = z.object({ password: requestString().min(1).max(1024) });
/**
 * Saving the PIN: define (no PIN yet: password), change (current PIN and password) or
 * disable (current PIN, pin ''). The server checks everything again here.
 */
export const parentalPinUpdateSchema = z.object({
  currentPin: parentalPinSchema.nullable(),
  password: requestString().min(1).max(1024).nullable(),
  pin: z.union([parentalPinSchema, z.literal('')]),
});
export type ParentalPinUpdate = z.infer<typeof parentalPinUpdateSchema>;
/** Whether a PIN is set after the change: the settings panel's Activated / Deactivated. */
export const parentalStatusSchema = z.object({ hasPin: z.boolean() });
export type ParentalStatus = z.infer<typeof parentalStatusSchema>;

/** POST /account/password: the current password is required; the answer is this device's new user info. */
export const passwordChangeSchema = z.object({
  currentPassword: requestString().min(1).max(1024),
  newPassword: passwordSchema,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** POST /account/delete: the account password again; the account is erased (issue 26). */
export const accountDeletionSchema = z.object({ password: requestString().min(1).max(1024) });
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

/** PUT /account/language: the app's language, which the account's mails and the server's refusals follow (issue 26). */
export const accountLanguageSchema = z.object({
  language: z.enum(['es', 'en', 'de'], formMessage('Idioma no admitido: es, en o de.')),
});
export type AccountLanguage = z.infer<typeof accountLanguageSchema>;
