import { PASSWORD_TOO_COMMON, REGISTRATION_MESSAGES, REGISTRATION_REFUSALS } from '@pantalla/contracts';

const KEYS = new Map<string, string>([
  ...Object.entries(REGISTRATION_MESSAGES).map(([key, text]) => [text, `errors.${key}`] as [string, string]),
  ...Object.entries(REGISTRATION_REFUSALS).map(([key, text]) => [text, `refusals.${key}`] as [string, string]),
  // The server's refusal of a common password; shared with the settings and recovery forms.
  [PASSWORD_TOO_COMMON, 'common:messages.passwordCommon'],
]);

/** The locale key of a rule's (or the server's) Spanish message, so every language shows it; null for other texts. */
export function messageKey(text: string): string | null {
  return KEYS.get(text) ?? null;
}
