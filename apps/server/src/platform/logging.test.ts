import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging';

describe('URLs in the log', () => {
  it('lose the signed playback token, keeping the rest', () => {
    expect(redactUrl('/media/live/1/premium/manifest.mpd?jwt=eyJ.abc.def&user=7&model=web')).toBe(
      '/media/live/1/premium/manifest.mpd?jwt=[redacted]&user=7&model=web',
    );
    expect(redactUrl('/x?JWT=a&token=b&auth=c&other=d')).toBe(
      '/x?JWT=[redacted]&token=[redacted]&auth=[redacted]&other=d',
    );
    expect(redactUrl('/payments-sandbox/3ds/pi_1?client_secret=pi_1_secret_x&origin=o')).toBe(
      '/payments-sandbox/3ds/pi_1?client_secret=[redacted]&origin=o',
    );
    expect(redactUrl('/checkout/?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x')).toBe(
      '/checkout/?payment_intent=pi_1&payment_intent_client_secret=[redacted]',
    );
  });
  it('lose the email-confirmation link token', () => {
    expect(redactUrl('/confirm/Zx9_confirm-token')).toBe('/confirm/[redacted]');
  });
  it('lose the reset link token', () => {
    expect(redactUrl('/resetpassword/AbC_123-x')).toBe('/resetpassword/[redacted]');
    expect(redactUrl('/resetpassword/AbC?from=mail')).toBe('/resetpassword/[redacted]?from=mail');
  });
  it('keep URLs without credentials as they are', () => {
    for (const url of ['/api/v1/channels', '/media/s/clip-1/video-360p/3.m4s', '/search/noche?x=1&y', '/a?%zz=1'])
      expect(redactUrl(url)).toBe(url);
  });
});
