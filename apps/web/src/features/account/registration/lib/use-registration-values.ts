import { useEffect, useMemo, useState } from 'react';
import {
  REGISTRATION_FIELDS,
  registrationIssues,
  type RegistrationField,
  type RegistrationForm,
  type RegistrationValues,
} from '@pantalla/contracts';
import { clearDraft, readDraft } from './registration-draft';

const EMPTY: RegistrationValues = {
  username: '',
  user_secondname: '',
  login: '',
  passw: '',
  country: '',
  sport: '',
  birthday: '',
};

/** The fields a form shows, in order: the simple form has no country and no sport. */
export function fieldsOf(form: RegistrationForm): RegistrationField[] {
  return REGISTRATION_FIELDS.filter((f) => form === 'register' || (f !== 'country' && f !== 'sport'));
}

/**
 * The form's values and the shared rules' verdict. A field shows its message once it has
 * been left (or the form sent), and from then on follows each keystroke.
 */
export function useRegistrationValues(form: RegistrationForm, twoStep: boolean) {
  // Back from the privacy policy: what was typed before, the password typed again.
  const [values, setValues] = useState<RegistrationValues>(() => {
    const draft = readDraft(form);
    return draft ? { ...draft, passw: '' } : EMPTY;
  });
  useEffect(() => clearDraft(), []);
  const [touched, setTouched] = useState<ReadonlySet<RegistrationField>>(new Set());
  const issues = useMemo(
    () => registrationIssues(values, { form, twoStep, currentYear: new Date().getFullYear() }),
    [values, form, twoStep],
  );
  const visible = useMemo(
    () => Object.fromEntries(Object.entries(issues).filter(([field]) => touched.has(field as RegistrationField))),
    [issues, touched],
  );

  return {
    values,
    /** Messages of the fields the user has been through (Spanish source texts; the form translates them). */
    errors: visible as Partial<Record<RegistrationField, string>>,
    issues,
    set(field: RegistrationField, value: string) {
      setValues((v) => ({ ...v, [field]: value }));
    },
    touch(field: RegistrationField) {
      setTouched((t) => (t.has(field) ? t : new Set([...t, field])));
    },
    /** Shows every message (on submit); answers the first field with one, or null. */
    touchAll(): RegistrationField | null {
      setTouched(new Set(REGISTRATION_FIELDS));
      return fieldsOf(form).find((f) => issues[f] !== undefined) ?? null;
    },
  };
}
