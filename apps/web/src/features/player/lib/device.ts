/**
 * appDeviceSerial (accounts spec): 20 characters derived from a browser fingerprint hash.
 * Two FNV-1a passes give 64 bits, written in base 36 and padded to 20 characters.
 */
export function deviceFingerprint(parts: readonly string[]): string {
  const text = parts.join('|');
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x01000193 + 2) >>> 0;
  }
  return (a.toString(36) + b.toString(36)).padStart(20, '0').slice(-20);
}

/** The browser traits the serial is derived from. */
export function browserTraits(): string[] {
  const screenSize = typeof screen === 'undefined' ? '' : `${screen.width}x${screen.height}x${screen.colorDepth}`;
  return [
    navigator.userAgent,
    navigator.language,
    screenSize,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    String(navigator.hardwareConcurrency ?? ''),
  ];
}
