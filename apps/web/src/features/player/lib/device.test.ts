import { describe, expect, it } from 'vitest';
import { deviceFingerprint } from './device';

describe('device fingerprint', () => {
  it('is 20 characters, stable, and differs between browsers', () => {
    const a = deviceFingerprint(['Chrome', 'es-ES', '1920x1080x24']);
    expect(a).toHaveLength(20);
    expect(deviceFingerprint(['Chrome', 'es-ES', '1920x1080x24'])).toBe(a);
    expect(deviceFingerprint(['Firefox', 'es-ES', '1920x1080x24'])).not.toBe(a);
    expect(deviceFingerprint([])).toHaveLength(20);
  });
});
