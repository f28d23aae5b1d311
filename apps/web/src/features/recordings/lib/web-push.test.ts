import { describe, expect, it } from 'vitest';
import { applicationServerKey, pushSupport, subscriptionBody } from './web-push';

describe('this device’s push subscription', () => {
  it('turns the VAPID key into the bytes PushManager wants', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i * 3));
    const key = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect([...applicationServerKey(key)]).toEqual([...bytes]);
  });

  it('sends the server a subscription with both keys, none without', () => {
    const keys = { p256dh: `B${'x'.repeat(86)}`, auth: `${'y'.repeat(21)}w` };
    expect(subscriptionBody({ endpoint: 'https://push.example.test/a', keys })).toEqual({
      endpoint: 'https://push.example.test/a',
      expirationTime: null,
      keys,
    });
    expect(subscriptionBody({ endpoint: 'https://push.example.test/a' })).toBeNull();
    expect(subscriptionBody({ endpoint: 'http://push.example.test/a', keys })).toBeNull();
  });

  it('says when the browser lacks push or the page is not secure', () => {
    const base = {
      isSecureContext: true,
      navigator: { serviceWorker: {} },
      PushManager: class {},
      Notification: class {},
    };
    const as = (w: object) => w as Window & typeof globalThis;
    expect(pushSupport(as(base))).toBe('supported');
    expect(pushSupport(as({ ...base, isSecureContext: false }))).toBe('insecure');
    expect(pushSupport(as({ ...base, navigator: {} }))).toBe('unsupported');
    expect(pushSupport(as({ isSecureContext: true, navigator: { serviceWorker: {} } }))).toBe('unsupported');
  });
});
