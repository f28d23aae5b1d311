import { describe, expect, it } from 'vitest';
import { angleOptions, audioOptions, qualityOptions, textOptions } from './tracks';

describe('track menus', () => {
  it('lists audio by its label or the language name', () => {
    expect(
      audioOptions([
        { language: 'es', label: 'Español', roles: ['main'], active: true },
        { language: 'en', label: null, roles: ['alternate'], active: false },
      ]),
    ).toEqual([
      { id: 'es|Español|main', label: 'Español', active: true },
      { id: 'en||alternate', label: 'Inglés', active: false },
    ]);
  });
  it('puts Off first among subtitles, active when no track is', () => {
    const es = { id: 7, language: 'es', label: 'Español', roles: ['subtitle'], active: false };
    expect(textOptions([es])).toEqual([
      { id: 'off', label: 'off', active: true },
      { id: '7', label: 'Español', active: false },
    ]);
    expect(textOptions([{ ...es, active: true }])[0]!.active).toBe(false);
  });
  it('puts Auto (id 0) first, then each height once, highest first', () => {
    const variants = [
      { height: 360, active: false },
      { height: 720, active: true },
      { height: 720, active: false },
      { height: null, active: false },
    ];
    expect(qualityOptions(variants, true)).toEqual([
      { id: '0', label: 'auto', active: true },
      { id: '720', label: '720p', active: false },
      { id: '360', label: '360p', active: false },
    ]);
    expect(qualityOptions(variants, false).map((o) => o.active)).toEqual([false, true, false]);
  });
  it('offers a camera menu only with several angles', () => {
    expect(
      angleOptions([
        { label: null, roles: ['main'], active: true },
        { label: null, roles: ['main'], active: false },
      ]),
    ).toEqual([]);
    expect(
      angleOptions([
        { label: 'Tribuna', roles: ['main'], active: false },
        { label: 'Portería', roles: ['alternate'], active: true },
      ]),
    ).toEqual([
      { id: 'Tribuna|', label: 'Tribuna', active: false },
      { id: 'Portería|alternate', label: 'Portería', active: true },
    ]);
  });
});
