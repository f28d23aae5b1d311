import { describe, expect, it } from 'vitest';
import { logoIsValid, patchOf, type ChannelDraft } from './channel-draft';

const saved: ChannelDraft = {
  name: 'Pantalla Uno',
  number: 1,
  logoUrl: '',
  genreId: 1,
  packageId: 1,
  parental: 2,
  timeShift: true,
  catchupHours: 168,
  enabled: true,
  fingerprint: {
    enabled: false,
    frequencySeconds: 300,
    durationSeconds: 30,
    position: 'random',
    fontSize: 18,
    color: '#FFFFFFD9',
    background: '#00000059',
  },
};

describe('patchOf', () => {
  it('sends only what changed, the logo trimmed and null when emptied', () => {
    expect(patchOf(saved, saved)).toEqual({});
    expect(patchOf(saved, { ...saved, number: 7, logoUrl: ' https://x.test/l.png ' })).toEqual({
      number: 7,
      logoUrl: 'https://x.test/l.png',
    });
    expect(patchOf({ ...saved, logoUrl: '/a.svg' }, { ...saved, logoUrl: '' })).toEqual({ logoUrl: null });
    expect(patchOf(saved, { ...saved, fingerprint: { ...saved.fingerprint, enabled: true } })).toEqual({
      fingerprint: { enabled: true },
    });
  });

  it('accepts https and local logos only', () => {
    expect(logoIsValid('')).toBe(true);
    expect(logoIsValid('https://cdn.test/logo.png')).toBe(true);
    expect(logoIsValid('/api/v1/images/channel/2/logo.svg')).toBe(true);
    expect(logoIsValid('http://cdn.test/logo.png')).toBe(false);
    expect(logoIsValid('//cdn.test/logo.png')).toBe(false);
  });
});
