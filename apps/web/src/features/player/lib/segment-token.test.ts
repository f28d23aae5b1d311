import { describe, expect, it } from 'vitest';
import { readSegmentToken, withSegmentToken } from './segment-token';

const sig = 'A'.repeat(22);
const url = (token: string, rest = 'channel-1.p7/video-360p/5.m4s') => `https://cdn.example/media/a/${token}/s/${rest}`;

describe('segment tokens in the player', () => {
  it('reads a token’s session and expiry', () => {
    expect(readSegmentToken(`abc_-1.1900000000.${sig}`)).toEqual({ sid: 'abc_-1', exp: 1_900_000_000 });
    expect(readSegmentToken('nope')).toBeNull();
  });

  it('puts a fresher token of the same session into a segment URL, keeping the rest of it', () => {
    expect(withSegmentToken(url(`s1.100.${sig}`), `s1.160.${sig}`)).toBe(url(`s1.160.${sig}`));
    // The key name (with its period) is not the token's business.
    expect(withSegmentToken(url(`s1.100.${sig}`, 'film-3.g2/thumbs/1.jpg'), `s1.160.${sig}`)).toBe(
      url(`s1.160.${sig}`, 'film-3.g2/thumbs/1.jpg'),
    );
  });

  it('keeps a URL whose token of the same session lives longer (a live manifest refreshed after the heartbeat)', () => {
    expect(withSegmentToken(url(`s1.200.${sig}`), `s1.160.${sig}`)).toBe(url(`s1.200.${sig}`));
  });

  it('gives a URL of another session (fetched ahead under the previous one) the session playing now', () => {
    expect(withSegmentToken(url(`s0.999.${sig}`), `s1.160.${sig}`)).toBe(url(`s1.160.${sig}`));
  });

  it('leaves URLs without a token, and requests without a known token, alone', () => {
    expect(withSegmentToken('https://cdn.example/media/s/trailer-1/video-360p/1.m4s', `s1.160.${sig}`)).toBe(
      'https://cdn.example/media/s/trailer-1/video-360p/1.m4s',
    );
    expect(withSegmentToken('https://other.example/live/1.m4s', `s1.160.${sig}`)).toBe(
      'https://other.example/live/1.m4s',
    );
    expect(withSegmentToken(url(`s1.100.${sig}`), null)).toBe(url(`s1.100.${sig}`));
  });

  it('refreshes a relayed stream’s URLs, playlists included, only with a token of their own session', () => {
    const relayed = (token: string) => `http://localhost/media/a/${token}/r/index.m3u8?t=0.p.aHR0cA.${'B'.repeat(43)}`;
    expect(withSegmentToken(relayed(`s1.100.${sig}`), `s1.160.${sig}`)).toBe(relayed(`s1.160.${sig}`));
    expect(withSegmentToken(relayed(`s1.200.${sig}`), `s1.160.${sig}`)).toBe(relayed(`s1.200.${sig}`));
    // Its target is signed for s0: s1's token would only be refused.
    expect(withSegmentToken(relayed(`s0.100.${sig}`), `s1.160.${sig}`)).toBe(relayed(`s0.100.${sig}`));
  });
});
