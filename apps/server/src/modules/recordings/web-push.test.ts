import { createECDH } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { reminderPushSchema } from '@pantalla/contracts';
import { browserKeys, checkVapid, decryptPush } from '../../../test/push-receiver';
import { pushTtlSeconds, reminderPush } from './push.service';
import { encryptPayload, generateVapidKeys, vapidAuthorization, vapidKeysMatch } from './web-push';

const NOW = Date.UTC(2026, 11, 12, 20, 0);

describe('Web Push encryption and VAPID', () => {
  it('derives the key and nonce of RFC 8291: its Appendix A message decrypts', () => {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from('q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94', 'base64url'));
    const message = Buffer.from(
      'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
      'base64url',
    );
    const ua = { ecdh, p256dh: ecdh.getPublicKey('base64url'), auth: 'BTBZMqHH6r4Tts7J_aSIgg' };
    expect(decryptPush(message, ua).toString()).toBe('When I grow up, I want to be a watermelon');
  });

  it('encrypts a payload the browser’s keys decrypt (RFC 8291), a new salt and key each time', () => {
    const browser = browserKeys();
    const payload = Buffer.from(JSON.stringify({ title: 'Telediario «2»', n: 2 }));
    const a = encryptPayload(payload, browser);
    const b = encryptPayload(payload, browser);
    expect(decryptPush(a, browser).toString()).toBe(payload.toString());
    expect(a.readUInt32BE(16)).toBe(4096);
    expect(a.readUInt8(20)).toBe(65);
    expect(a.subarray(0, 16).equals(b.subarray(0, 16))).toBe(false);
    // Another browser's keys cannot read it.
    expect(() => decryptPush(a, browserKeys())).toThrow();
  });

  it('signs an ES256 JWT for the endpoint’s origin with the public key beside it (RFC 8292)', () => {
    const keys = { ...generateVapidKeys(), subject: 'mailto:ops@pantalla.test' };
    expect(vapidKeysMatch(keys.publicKey, keys.privateKey)).toBe(true);
    expect(vapidKeysMatch(generateVapidKeys().publicKey, keys.privateKey)).toBe(false);
    const header = vapidAuthorization('https://push.example.test:8443/wpush/v2/abc', keys, NOW);
    const { jwt, key } = checkVapid(header);
    expect(key).toBe(keys.publicKey);
    expect(jwt).toEqual({ aud: 'https://push.example.test:8443', exp: NOW / 1000 + 12 * 3600, sub: keys.subject });
    // A signature by another key does not verify with k.
    const other = vapidAuthorization(
      'https://push.example.test/x',
      { ...generateVapidKeys(), subject: 'mailto:x@y' },
      NOW,
    );
    expect(() => checkVapid(other.replace(/k=.*/, `k=${keys.publicKey}`))).toThrow(/signature/);
  });
});

describe('a reminder’s push', () => {
  it('carries the programme, not worded minutes (the service worker counts them when shown)', () => {
    const push = reminderPush({ id: 7, channelId: 3, title: 'Cine', startTime: NOW + 120_000 });
    expect(reminderPushSchema.parse(push)).toEqual({
      kind: 'reminder',
      reminderId: 7,
      channelId: 3,
      title: 'Cine',
      startTime: NOW + 120_000,
    });
  });

  it('lives at the push service until the programme ends, never less than nothing', () => {
    expect(pushTtlSeconds(NOW + 3_600_000, NOW)).toBe(3600);
    expect(pushTtlSeconds(NOW + 1_500, NOW)).toBe(1);
    expect(pushTtlSeconds(NOW - 1, NOW)).toBe(0);
  });
});
