import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { inflateCapped, jsonDepthExceeds, parseBoundedJson, TOO_DEEP } from './body';

describe('request bodies', () => {
  it('measures JSON nesting in one pass, ignoring brackets inside strings', () => {
    expect(jsonDepthExceeds('{"a":[1,{"b":[]}]}', 4)).toBe(false);
    expect(jsonDepthExceeds('{"a":[1,{"b":[]}]}', 3)).toBe(true);
    expect(jsonDepthExceeds('{"a":"[[[[[[[[[[\\"[[[["}', 1)).toBe(false);
    expect(jsonDepthExceeds('['.repeat(33))).toBe(true);
    expect(jsonDepthExceeds('['.repeat(32) + ']'.repeat(32))).toBe(false);
  });

  it('refuses deep JSON as a 400 before JSON.parse', () => {
    expect(() => parseBoundedJson('['.repeat(100_000))).toThrow(TOO_DEEP);
    expect(parseBoundedJson('{"kids":["a"]}')).toEqual({ kids: ['a'] });
  });

  it('stops inflating a bomb as soon as it passes the cap', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
    const began = process.cpuUsage();
    const refusal = await inflateCapped(bomb, 'gzip', 1024 * 1024).catch((error: unknown) => error);
    const cpuMs = (process.cpuUsage(began).user + process.cpuUsage(began).system) / 1000;
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).status).toBe(413);
    // Inflating all 64 MB takes far longer; the cap stops after the first megabyte or so.
    expect(cpuMs).toBeLessThan(1000);
    expect((await inflateCapped(gzipSync('hola'), 'gzip', 10)).toString()).toBe('hola');
  });

  it('refuses an encoding it does not know with 415', async () => {
    await expect(inflateCapped(Buffer.from('x'), 'compress', 10)).rejects.toMatchObject({ status: 415 });
  });
});
