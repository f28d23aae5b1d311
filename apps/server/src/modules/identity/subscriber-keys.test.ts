import { describe, expect, it } from 'vitest';
import { foldSearchKey, prefixEnd, searchKeysOf } from './subscriber-keys';

describe('subscriber search keys', () => {
  it('folds accents and case', () => {
    expect(foldSearchKey('José')).toBe('jose');
    expect(foldSearchKey('GARCÍA')).toBe('garcia');
    expect(foldSearchKey('  Núñez   Güell ')).toBe('nunez guell');
    expect(foldSearchKey('Básico')).toBe('basico');
  });
  it('keys an account by e-mail, full name and surname, once each', () => {
    expect(searchKeysOf({ email: 'jose@x.es', name: 'José', surname: 'García' })).toEqual([
      'jose@x.es',
      'jose garcia',
      'garcia',
    ]);
    expect(searchKeysOf({ email: 'a@b.c', name: '', surname: '' })).toEqual(['a@b.c']);
  });
  it('bounds a prefix range above every key that starts with it', () => {
    const end = prefixEnd('gar');
    expect('garcia' < end && 'gar' < end && 'gas' > end).toBe(true);
  });
});
