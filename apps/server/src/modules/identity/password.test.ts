import { describe, expect, it } from 'vitest';
import { hashChosenPassword, hashSecret, isCommonPassword, verifySecret } from './password';

describe('password hashing (scrypt)', () => {
  it('verifies the secret it hashed and refuses others', async () => {
    const stored = await hashSecret('demo1234');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifySecret('demo1234', stored)).toBe(true);
    expect(await verifySecret('demo1235', stored)).toBe(false);
    expect(await verifySecret('', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashSecret('same'), hashSecret('same')]);
    expect(a).not.toBe(b);
    expect(await verifySecret('same', a)).toBe(true);
    expect(await verifySecret('same', b)).toBe(true);
  });

  it('treats canonically equal Unicode the same (NFKC)', async () => {
    const stored = await hashSecret('contrase\u00f1a');
    expect(await verifySecret('contrasen\u0303a', stored)).toBe(true);
  });

  it('answers false, never throws, for malformed stored hashes', async () => {
    const good = await hashSecret('x');
    const parts = good.split('$');
    for (const bad of [
      '',
      'plain',
      'argon2$1$2$3$4$5',
      parts.slice(0, 5).join('$'),
      [...parts.slice(0, 5), 'c2hvcnQ'].join('$'),
    ]) {
      expect(await verifySecret('x', bad)).toBe(false);
    }
  });

  it('knows the most common passwords whatever their case, and not the demo accounts’ published ones', async () => {
    for (const common of ['123456', 'password', 'Password', 'QWERTY', 'iloveyou', 'dragon', '111111'])
      expect(isCommonPassword(common), common).toBe(true);
    for (const fine of ['demo1234', 'basico1234', 'k7#qZp', 'ajustes123', 'secreto1'])
      expect(isCommonPassword(fine), fine).toBe(false);
    await expect(hashChosenPassword('123456')).rejects.toMatchObject({ status: 400 });
    expect(await hashChosenPassword('k7#qZp')).toMatch(/^scrypt\$/);
  });
});
