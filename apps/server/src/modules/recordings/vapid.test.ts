import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../platform/config';
import { loadVapidKeys } from './vapid';
import { generateVapidKeys } from './web-push';

const subject = 'mailto:ops@pantalla.test';
const dir = () => mkdtempSync(path.join(os.tmpdir(), 'pantalla-vapid-'));

describe('the VAPID pair', () => {
  it('is made once outside production and kept in DATA_DIR, so a restart keeps subscriptions valid', () => {
    const dataDir = dir();
    const first = loadVapidKeys({ env: 'development', dataDir, webPush: { subject } });
    const again = loadVapidKeys({ env: 'development', dataDir, webPush: { subject } });
    expect(first?.publicKey).toMatch(/^B[\w-]{86}$/);
    expect(again).toEqual(first);
    expect(readFileSync(path.join(dataDir, 'web-push-vapid.json'), 'utf8')).toContain(first?.publicKey);
  });

  it('is not invented in production: without keys push is not offered', () => {
    expect(loadVapidKeys({ env: 'production', dataDir: dir(), webPush: { subject } })).toBeNull();
  });

  it('is taken from the environment when given, and refused when the two keys are not a pair', () => {
    const pair = generateVapidKeys();
    expect(loadVapidKeys({ env: 'production', dataDir: dir(), webPush: { ...pair, subject } })).toEqual({
      ...pair,
      subject,
    });
    const other = generateVapidKeys();
    expect(() =>
      loadVapidKeys({
        env: 'production',
        dataDir: dir(),
        webPush: { publicKey: other.publicKey, privateKey: pair.privateKey, subject },
      }),
    ).toThrow(ConfigError);
    expect(() =>
      loadVapidKeys({ env: 'production', dataDir: dir(), webPush: { publicKey: pair.publicKey, subject } }),
    ).toThrow(ConfigError);
  });
});
