import { describe, expect, it } from 'vitest';
import {
  isValidBirthday,
  REGISTRATION_MESSAGES as M,
  registrationIssues,
  registrationRequestSchema,
  SPORTS,
  type RegistrationRuleContext,
  type RegistrationValues,
} from './registration';

const valid: RegistrationValues = {
  username: 'José María',
  user_secondname: 'Núñez',
  login: 'jose@example.com',
  passw: 'secreto',
  country: 'ES',
  sport: 'golf',
  birthday: '1985-02-28',
};
const full: RegistrationRuleContext = { form: 'register', twoStep: false, currentYear: 2026 };
const issues = (patch: Partial<RegistrationValues>, context: Partial<typeof full> = {}) =>
  registrationIssues({ ...valid, ...patch }, { ...full, ...context });

describe('registration rules', () => {
  it('a complete form has no issues', () => {
    expect(issues({})).toEqual({});
  });

  it('name: required, then letters (accents, ñ, ü and spaces) only, except in two-step mode', () => {
    expect(issues({ username: '' }).username).toBe(M.nameRequired);
    expect(issues({ username: '   ' }).username).toBe(M.nameRequired);
    expect(issues({ username: 'Ñandú Güemes Àlex' }).username).toBeUndefined();
    for (const bad of ['Ana1', 'Ana-María', 'Ana.', 'Ana_', '<b>'])
      expect(issues({ username: bad }).username).toBe(M.nameLetters);
    expect(issues({ username: 'Ana1' }, { twoStep: true }).username).toBeUndefined();
    expect(issues({ username: '' }, { twoStep: true }).username).toBe(M.nameRequired);
  });

  it('second name: optional, letters when given', () => {
    expect(issues({ user_secondname: '' }).user_secondname).toBeUndefined();
    expect(issues({ user_secondname: 'Gómez 2' }).user_secondname).toBe(M.nameLetters);
  });

  it('email: required, then valid', () => {
    expect(issues({ login: '' }).login).toBe(M.emailRequired);
    for (const bad of ['ana', 'ana@', '@x.es', 'ana@x', 'a b@x.es'])
      expect(issues({ login: bad }).login).toBe(M.emailInvalid);
    expect(issues({ login: ' Ana@Example.COM ' }).login).toBeUndefined();
  });

  it('password: required, then 6 to 30 characters (both bounds checked)', () => {
    expect(issues({ passw: '' }).passw).toBe(M.passwordRequired);
    expect(issues({ passw: '12345' }).passw).toBe(M.passwordLength);
    expect(issues({ passw: '123456' }).passw).toBeUndefined();
    expect(issues({ passw: 'x'.repeat(30) }).passw).toBeUndefined();
    expect(issues({ passw: 'x'.repeat(31) }).passw).toBe(M.passwordLength);
  });

  it('country and sport: required on the full form, not on the simple one', () => {
    expect(issues({ country: '' }).country).toBe(M.countryRequired);
    expect(issues({ country: 'es' }).country).toBe(M.countryRequired);
    expect(issues({ sport: '' }).sport).toBe(M.sportRequired);
    expect(issues({ sport: 'Fútbol' }).sport).toBe(M.sportRequired);
    expect(issues({ country: '', sport: '' }, { form: 'gearup' })).toEqual({});
  });

  it('birthday: required, a real date, year 1900 to the current year', () => {
    expect(issues({ birthday: '' }).birthday).toBe(M.birthdayRequired);
    expect(isValidBirthday('1900-01-01', 2026)).toBe(true);
    expect(isValidBirthday('1899-12-31', 2026)).toBe(false);
    expect(isValidBirthday('2026-12-31', 2026)).toBe(true);
    expect(isValidBirthday('2027-01-01', 2026)).toBe(false);
    expect(isValidBirthday('2000-02-29', 2026)).toBe(true);
    expect(isValidBirthday('2001-02-29', 2026)).toBe(false);
    expect(isValidBirthday('0190-05-01', 2026)).toBe(false);
    expect(isValidBirthday('17/05/1990', 2026)).toBe(false);
    expect(issues({ birthday: '2027-01-01' }).birthday).toBe(M.birthdayInvalid);
  });

  it('the spec’s 26 sports, with the five it names', () => {
    expect(SPORTS).toHaveLength(26);
    expect(new Set(SPORTS).size).toBe(26);
    for (const named of ['ajedrez', 'atletismo', 'futbol', 'tenis', 'golf']) expect(SPORTS).toContain(named);
  });

  it('the request schema runs the same rules with the year it is given', () => {
    const schema = registrationRequestSchema(() => 1980);
    const result = schema.safeParse({ ...valid, formToken: 't' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['birthday', M.birthdayInvalid]]);
    expect(registrationRequestSchema(() => 2026).safeParse({ ...valid, formToken: 't' }).success).toBe(true);
  });
});
