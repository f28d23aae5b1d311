import { describe, expect, it } from 'vitest';
import { KNOWN_DEVICE_TTL_MS, KnownDevices } from './known-device';

const devices = new KnownDevices('a-test-secret-that-is-long-enough-123456');
const now = Date.UTC(2026, 10, 28, 6, 0, 0);

describe('remembered-device cookies', () => {
  it('verify for the account they were made for, keeping the device id', () => {
    const value = devices.issue(7, now, 'device-one');
    expect(devices.verify(7, value, now + 1000)).toEqual({ deviceId: 'device-one', issuedAt: now });
    expect(devices.verify(7, devices.issue(7, now), now)?.deviceId).toMatch(/^[\w-]{16}$/);
  });
  it('are nothing to another account, another secret, or once altered', () => {
    const value = devices.issue(7, now, 'device-one');
    expect(devices.verify(8, value, now)).toBeNull();
    expect(new KnownDevices('another-secret-another-secret-another').verify(7, value, now)).toBeNull();
    const [id, issued, mac] = value.split('.');
    expect(devices.verify(7, `device-two.${issued}.${mac}`, now)).toBeNull();
    expect(devices.verify(7, `${id}.${Number(issued) + 1}.${mac}`, now)).toBeNull();
    for (const junk of [undefined, '', 'x', 'a.b.c.d', `${value}.x`, 'x'.repeat(500)])
      expect(devices.verify(7, junk, now)).toBeNull();
  });
  it('last half a year from issue', () => {
    const value = devices.issue(7, now);
    expect(devices.verify(7, value, now + KNOWN_DEVICE_TTL_MS - 1000)).not.toBeNull();
    expect(devices.verify(7, value, now + KNOWN_DEVICE_TTL_MS)).toBeNull();
  });
  it('name one cookie per account, saying nothing of which', () => {
    expect(devices.cookieName(7)).toMatch(/^pantalla_kd_[\w-]{16}$/);
    expect(devices.cookieName(7)).toBe(devices.cookieName(7));
    expect(devices.cookieName(8)).not.toBe(devices.cookieName(7));
    // Over https the browser takes it only from a secure origin.
    expect(new KnownDevices('a-test-secret-that-is-long-enough-123456', 'https://tv.example').cookieName(7)).toBe(
      `__Secure-${devices.cookieName(7)}`,
    );
  });
});
