import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, readDraft, returnPath, saveDraft } from './registration-draft';

const values = {
  username: 'Lucía',
  user_secondname: 'Pérez',
  login: 'lucia@pantalla.test',
  passw: 'secreto1',
  country: 'ES',
  sport: 'tenis',
  birthday: '1990-05-17',
};

describe('registration draft', () => {
  afterEach(() => clearDraft());

  it('keeps what was typed but never the password', () => {
    saveDraft('register', values, 1000);
    expect(sessionStorage.getItem('pantalla.registration-draft')).not.toContain('secreto1');
    expect(readDraft('register', 2000)).toEqual({
      username: 'Lucía',
      user_secondname: 'Pérez',
      login: 'lucia@pantalla.test',
      country: 'ES',
      sport: 'tenis',
      birthday: '1990-05-17',
    });
  });

  it('belongs to its form and goes stale after an hour', () => {
    saveDraft('register', values, 1000);
    expect(readDraft('gearup', 2000)).toBeNull();
    expect(readDraft('register', 1000 + 60 * 60 * 1000 + 1)).toBeNull();
    sessionStorage.setItem('pantalla.registration-draft', '{not json');
    expect(readDraft('register')).toBeNull();
  });

  it('leads back only to a path of this app', () => {
    expect(returnPath({ from: '/register/?product=1001' })).toBe('/register/?product=1001');
    expect(returnPath({ from: '//evil.example/' })).toBeNull();
    expect(returnPath({ from: 'https://evil.example/' })).toBeNull();
    expect(returnPath(null)).toBeNull();
  });
});
