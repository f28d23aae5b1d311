import { describe, expect, it } from 'vitest';
import { readJwtClaims } from './jwt';

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('readJwtClaims', () => {
  it('reads the payload of a JWT, UTF-8 included', () => {
    expect(
      readJwtClaims(`${part({ alg: 'HS256' })}.${part({ sub: 7, email: 'ñu@pantalla.test', exp: 99 })}.sig`),
    ).toEqual({ sub: 7, email: 'ñu@pantalla.test', exp: 99 });
  });
  it('answers null for anything else', () => {
    for (const token of [
      '',
      'abc',
      'a..c',
      `a.${part([1, 2])}.c`,
      `a.${part('text')}.c`,
      'a.%%%.c',
      `a.${Buffer.from('{').toString('base64url')}.c`,
    ]) {
      expect(readJwtClaims(token), token).toBeNull();
    }
  });
});
