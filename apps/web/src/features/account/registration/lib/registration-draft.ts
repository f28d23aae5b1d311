import type { RegistrationForm, RegistrationValues } from '@pantalla/contracts';

/** What was typed in a registration form, kept while the user reads the privacy policy. Never the password. */
export type RegistrationDraft = Omit<RegistrationValues, 'passw'>;

const KEY = 'pantalla.registration-draft';
/** A draft older than this is a form left long ago, not one being filled in. */
const MAX_AGE_MS = 60 * 60 * 1000;

/** Keeps the form's values in this tab (sessionStorage): the password is left out. */
export function saveDraft(form: RegistrationForm, values: RegistrationValues, now = Date.now()): void {
  const { passw: _password, ...kept } = values;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ form, values: kept, savedAt: now }));
  } catch {
    // Storage full or blocked: the form simply starts empty on return.
  }
}

/** The draft saved for this form, if any and recent. */
export function readDraft(form: RegistrationForm, now = Date.now()): RegistrationDraft | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const draft = JSON.parse(raw) as { form?: unknown; values?: Record<string, unknown>; savedAt?: unknown };
    if (draft.form !== form || typeof draft.savedAt !== 'number' || now - draft.savedAt > MAX_AGE_MS || !draft.values)
      return null;
    const text = (key: string) => (typeof draft.values?.[key] === 'string' ? (draft.values[key] as string) : '');
    return {
      username: text('username'),
      user_secondname: text('user_secondname'),
      login: text('login'),
      country: text('country'),
      sport: text('sport'),
      birthday: text('birthday'),
    };
  } catch {
    return null;
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

/** Where the policy's back link leads: the form it was opened from (a path of this app), else nowhere. */
export function returnPath(state: unknown): string | null {
  const from = typeof state === 'object' && state !== null && 'from' in state ? state.from : null;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}
