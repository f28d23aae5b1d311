import { z } from 'zod';
import { requestString } from './text';
import { formMessage } from './errors';

/** The registration form's messages (accounts spec 5 and 8), verbatim. */
export const REGISTRATION_MESSAGES = {
  nameRequired: 'Por favor introduce tu nombre',
  nameLetters: 'Por favor introduce solo caracteres alfabéticos',
  emailRequired: 'Por favor introduce tu correo electrónico',
  emailInvalid: 'Introduce un correo electrónico válido',
  passwordRequired: 'Por favor introduce tu contraseña',
  passwordLength: 'La contraseña debe tener entre 6 y 30 caracteres',
  countryRequired: 'Introduce tu país para ver los deportes nacionales',
  sportRequired: 'Introduce tu deporte favorito',
  birthdayRequired: 'Por favor introduce tu fecha de nacimiento',
  birthdayInvalid: 'Por favor introduce una fecha de nacimiento válida',
  /** HTTP 400 of account creation when the email is taken. */
  emailTaken: 'Usuario ya existente. Por favor utiliza otra dirección de correo electrónico',
} as const;
for (const text of Object.values(REGISTRATION_MESSAGES)) formMessage(text);

/** Answers of the anti-automation checks (not in the spec: ours). */
export const REGISTRATION_REFUSALS = {
  /** The form token is missing, forged or older than a day. */
  formExpired: 'El formulario ha caducado. Vuelve a cargar la página e inténtalo de nuevo.',
  /** Sent sooner after the form opened than a person can fill it. */
  tooFast: 'Has enviado el formulario demasiado rápido. Revisa tus datos y vuelve a enviarlo.',
  /** The hidden field only scripts fill was filled. */
  automated: 'No se ha podido completar el registro.',
} as const;
for (const text of Object.values(REGISTRATION_REFUSALS)) formMessage(text);

/**
 * 400 of registration, password change and recovery reset: the new password is on the list of
 * the most common ones (ASVS 6.2; not in the spec: ours, docs/decisions.md). Only the server
 * checks it: the list is too large for the app.
 */
export const PASSWORD_TOO_COMMON = 'Esa contraseña es de las más usadas y fáciles de adivinar. Elige otra.';
formMessage(PASSWORD_TOO_COMMON);

/** The confirmation link is unknown, used or expired. */
export const CONFIRMATION_LINK_INVALID = 'El enlace de confirmación no es válido o ha caducado.';
export const EMAIL_CONFIRMED = 'Tu correo electrónico está confirmado. ¡Gracias!';
export const CONFIRMATION_MAIL_SENT = 'Te hemos enviado un nuevo email de confirmación.';
export const ALREADY_CONFIRMED = 'Tu correo electrónico ya está confirmado.';

/** Password bounds of the spec (6 to 30; see docs/decisions.md for the upper bound). */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 30;
/** The earliest birth year the form accepts; the latest is the current year. */
export const BIRTH_YEAR_MIN = 1900;
export const NAME_MAX = 100;

/**
 * The spec's 26 favourite sports, as stable keys (the locale tables name them). Ajedrez,
 * atletismo, fútbol, tenis and golf are the spec's; the rest are ours (docs/decisions.md).
 */
export const SPORTS = [
  'ajedrez',
  'atletismo',
  'automovilismo',
  'baloncesto',
  'balonmano',
  'beisbol',
  'boxeo',
  'ciclismo',
  'escalada',
  'esqui',
  'futbol',
  'futbol-sala',
  'gimnasia',
  'golf',
  'hockey',
  'judo',
  'motociclismo',
  'natacion',
  'padel',
  'rugby',
  'surf',
  'tenis',
  'triatlon',
  'vela',
  'voleibol',
  'waterpolo',
] as const;
export type Sport = (typeof SPORTS)[number];

/** The two forms: /register/ (country and sport) and /register_gearup/ (neither). */
export const registrationFormSchema = z.enum(['register', 'gearup']);
export type RegistrationForm = z.infer<typeof registrationFormSchema>;

/** The form's fields in the spec's names: username, user_secondname, login (email), passw, country, sport, birthday. */
export interface RegistrationValues {
  username: string;
  user_secondname: string;
  login: string;
  passw: string;
  /** ISO 3166-1 alpha-2 code, '' when none chosen. */
  country: string;
  /** One of SPORTS, '' when none chosen. */
  sport: string;
  /** 'YYYY-MM-DD' as a date input gives it, '' when empty or incomplete. */
  birthday: string;
}
export type RegistrationField = keyof RegistrationValues;

/** What the rules depend on besides the values. */
export interface RegistrationRuleContext {
  form: RegistrationForm;
  /** Two-step mode (with ?product=) skips the letters-only check of the names. */
  twoStep: boolean;
  /** The latest accepted birth year: the current year (injected, so the rule is pure). */
  currentYear: number;
}

/** Letters of any script (accents included) and spaces. */
const LETTERS_AND_SPACES = /^[\p{L}\p{M} ]+$/u;
const ALPHA2 = /^[A-Z]{2}$/;
const emailCheck = z.email();

/** A real calendar date 'YYYY-MM-DD' with a year from 1900 to currentYear. */
export function isValidBirthday(value: string, currentYear: number): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < BIRTH_YEAR_MIN || year > currentYear) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function nameIssue(value: string, required: boolean, twoStep: boolean): string | undefined {
  const name = value.trim();
  if (!name) return required ? REGISTRATION_MESSAGES.nameRequired : undefined;
  if (!twoStep && !LETTERS_AND_SPACES.test(name)) return REGISTRATION_MESSAGES.nameLetters;
  return undefined;
}

function emailIssue(value: string): string | undefined {
  const email = value.trim();
  if (!email) return REGISTRATION_MESSAGES.emailRequired;
  return emailCheck.safeParse(email).success ? undefined : REGISTRATION_MESSAGES.emailInvalid;
}

function passwordIssue(value: string): string | undefined {
  if (!value) return REGISTRATION_MESSAGES.passwordRequired;
  return value.length < PASSWORD_MIN || value.length > PASSWORD_MAX ? REGISTRATION_MESSAGES.passwordLength : undefined;
}

/**
 * The registration rules of accounts spec 5, pure: the message of each field that breaks
 * one (the first rule it breaks), none for a valid form. The app runs it as the user
 * types; the server runs it again through registrationRequestSchema.
 */
export function registrationIssues(
  values: RegistrationValues,
  context: RegistrationRuleContext,
): Partial<Record<RegistrationField, string>> {
  const issues: Partial<Record<RegistrationField, string>> = {
    username: nameIssue(values.username, true, context.twoStep),
    user_secondname: nameIssue(values.user_secondname, false, context.twoStep),
    login: emailIssue(values.login),
    passw: passwordIssue(values.passw),
  };
  if (context.form === 'register') {
    if (!ALPHA2.test(values.country)) issues.country = REGISTRATION_MESSAGES.countryRequired;
    if (!(SPORTS as readonly string[]).includes(values.sport)) issues.sport = REGISTRATION_MESSAGES.sportRequired;
  }
  if (!values.birthday) issues.birthday = REGISTRATION_MESSAGES.birthdayRequired;
  else if (!isValidBirthday(values.birthday, context.currentYear))
    issues.birthday = REGISTRATION_MESSAGES.birthdayInvalid;
  return Object.fromEntries(Object.entries(issues).filter(([, message]) => message !== undefined));
}

/** The order the form shows its fields in, so the server names problems in the same order. */
export const REGISTRATION_FIELDS: readonly RegistrationField[] = [
  'username',
  'user_secondname',
  'login',
  'passw',
  'country',
  'sport',
  'birthday',
];

const text = (max: number) => requestString().max(max).default('');

/** The names' issues alone, outside two-step mode: what the server applies when the product it was given is not one it sells. */
export function nameIssues(values: Pick<RegistrationValues, 'username' | 'user_secondname'>): string[] {
  return [nameIssue(values.username, true, false), nameIssue(values.user_secondname, false, false)].filter(
    (m): m is string => m !== undefined,
  );
}

/**
 * POST /api/v1/registration: the form as sent. Every rule of registrationIssues runs here
 * with the server's clock (`currentYear`), and its messages are the answer. `website` is a
 * field people never see (left empty); `formToken` is GET /registration/form's answer.
 */
export function registrationRequestSchema(currentYear: () => number) {
  return z
    .object({
      form: registrationFormSchema.default('register'),
      // The two-step flow's product (?product=, a package id). The server decides two-step from
      // it (a product it sells), never from a flag the client sets.
      product: requestString().max(20).optional(),
      username: text(NAME_MAX),
      user_secondname: text(NAME_MAX),
      login: text(254),
      passw: text(1024),
      country: text(2),
      sport: text(40),
      birthday: text(10),
      website: text(200),
      formToken: requestString(formMessage(REGISTRATION_REFUSALS.formExpired)).max(
        200,
        formMessage(REGISTRATION_REFUSALS.formExpired),
      ),
    })
    .superRefine((values, ctx) => {
      // Lenient here when a product came; the server applies the names' rule unless it sells that product.
      const issues = registrationIssues(values, {
        form: values.form,
        twoStep: values.product !== undefined,
        currentYear: currentYear(),
      });
      for (const field of REGISTRATION_FIELDS) {
        const message = issues[field];
        if (message) ctx.addIssue({ code: 'custom', path: [field], message });
      }
    });
}
export type RegistrationRequest = z.input<ReturnType<typeof registrationRequestSchema>>;

/** GET /api/v1/registration/form: a signed note of when the form was opened, and the minimum fill time. */
export const registrationFormTokenSchema = z.object({
  formToken: z.string(),
  minFillMs: z.number().int().nonnegative(),
});
export type RegistrationFormToken = z.infer<typeof registrationFormTokenSchema>;

/** 201 of POST /api/v1/registration: the new account (not signed in: the app signs in with /login). */
export const registrationResponseSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  regionId: z.number().int(),
  emailConfirmed: z.boolean(),
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

/** POST /api/v1/registration/confirm: the token of a confirmation link. */
export const emailConfirmationRequestSchema = z.object({
  token: requestString(formMessage(CONFIRMATION_LINK_INVALID))
    .min(16, formMessage(CONFIRMATION_LINK_INVALID))
    .max(200, formMessage(CONFIRMATION_LINK_INVALID)),
});
