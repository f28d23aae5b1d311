import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The remembered-device cookie: proof that this browser signed in to this account before.
 * One cookie per account (its name carries a keyed tag of the user id, so the name says
 * nothing about who), its value `<deviceId>.<issued, epoch s>.<HMAC>` signed for that user
 * with a key of its own derived from AUTH_SECRET. Nothing is stored on the server: the
 * cookie only moves a sign-in onto the device's own failure count (session.service.ts).
 */
export const KNOWN_DEVICE_PREFIX = 'pantalla_kd_';
/** Long-lived: half a year from the last sign-in on the device, which re-issues it. */
export const KNOWN_DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000;

export interface KnownDevice {
  deviceId: string;
  issuedAt: number;
}

export class KnownDevices {
  private readonly key: Buffer;
  private readonly prefix: string;

  /** Over an https PUBLIC_URL the names take the __Secure- prefix, as the refresh cookie's does. */
  constructor(authSecret: string, publicUrl = 'http://localhost') {
    // A key of its own, so a device cookie's MAC can never pass for any other signature.
    this.key = createHmac('sha256', authSecret).update('pantalla-known-device-v1').digest();
    this.prefix = new URL(publicUrl).protocol === 'https:' ? `__Secure-${KNOWN_DEVICE_PREFIX}` : KNOWN_DEVICE_PREFIX;
  }

  private mac(text: string): string {
    return createHmac('sha256', this.key).update(text).digest('base64url');
  }

  /** The cookie's name for one account. */
  cookieName(userId: number): string {
    return `${this.prefix}${this.mac(`name|${userId}`).slice(0, 16)}`;
  }

  /** A cookie value for the account: the device's id kept when it had one, a new one otherwise. */
  issue(userId: number, now: number, deviceId: string = randomBytes(12).toString('base64url')): string {
    const issued = Math.floor(now / 1000);
    return `${deviceId}.${issued}.${this.mac(`device|${userId}|${deviceId}|${issued}`)}`;
  }

  /** The device a cookie value names, when it was signed for this account and is not too old. */
  verify(userId: number, value: string | undefined, now: number): KnownDevice | null {
    if (!value || value.length > 200) return null;
    const [deviceId, issuedText, mac, extra] = value.split('.');
    if (!deviceId || !issuedText || !mac || extra !== undefined || !/^\d{1,12}$/.test(issuedText)) return null;
    const expected = Buffer.from(this.mac(`device|${userId}|${deviceId}|${issuedText}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const issuedAt = Number(issuedText) * 1000;
    if (issuedAt > now + 60_000 || now - issuedAt >= KNOWN_DEVICE_TTL_MS) return null;
    return { deviceId, issuedAt };
  }
}
