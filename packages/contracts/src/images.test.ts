import { describe, expect, it } from 'vitest';
import { needsProxy, servedImageUrl, urlFingerprint } from './images';

describe('pictures served from our origin', () => {
  it('proxies http: only; https: and our own paths stay as they are', () => {
    expect(needsProxy('http://logos.example/a.png')).toBe(true);
    expect(needsProxy('HTTP://logos.example/a.png')).toBe(true);
    expect(needsProxy('https://logos.example/a.png')).toBe(false);
    expect(needsProxy('/api/v1/images/channel/1/logo.svg')).toBe(false);
    expect(servedImageUrl('channel', 7, 'https://logos.example/a.png')).toBe('https://logos.example/a.png');
  });

  it('names the item and a fingerprint of its URL, never the URL itself', () => {
    const url = 'http://logos.example/canal 1.png?x=<y>';
    const served = servedImageUrl('event', 42, url);
    expect(served).toMatch(/^\/api\/v1\/images\/remote\/event\/42\/[0-9a-f]{16}$/);
    expect(served).not.toContain('logos.example');
  });

  it('gives a new path when the URL changes, the same one while it does not', () => {
    expect(urlFingerprint('http://a.example/1.png')).toBe(urlFingerprint('http://a.example/1.png'));
    const many = Array.from({ length: 5000 }, (_, i) => urlFingerprint(`http://logos.example/channel-${i}.png`));
    expect(new Set(many).size).toBe(many.length);
    expect(urlFingerprint('http://a.example/1.png')).not.toBe(urlFingerprint('http://a.example/2.png'));
  });
});
