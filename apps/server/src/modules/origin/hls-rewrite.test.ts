import { describe, expect, it } from 'vitest';
import { isPlaylist, rewritePlaylist, type RelayedKind } from './hls-rewrite';
import { relayName, relaySigningKey, signRelayTarget, verifyRelayTarget } from './relay-url';

const BASE = 'https://cdn.example/live/canal/index.m3u8?token=abc';
/** Every relayed URI shows as R(kind|absolute URL), so the test reads what went where. */
const relay = (url: string, kind: RelayedKind) => `R(${kind}|${url})`;

describe('rewritePlaylist', () => {
  it('relays a master playlist’s variants, renditions and I-frame playlists as playlists, relative and absolute', () => {
    const master = [
      '#EXTM3U',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="es",URI="audio/es.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,AUDIO="aud"',
      '360p/index.m3u8?s=1&t=2',
      '#EXT-X-STREAM-INF:BANDWIDTH=2000000',
      'https://other.example/720p.m3u8',
      '#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=90000,URI="../iframes.m3u8"',
      '',
    ].join('\n');
    expect(rewritePlaylist(master, BASE, relay).split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="es",URI="R(playlist|https://cdn.example/live/canal/audio/es.m3u8)"',
      '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,AUDIO="aud"',
      'R(playlist|https://cdn.example/live/canal/360p/index.m3u8?s=1&t=2)',
      '#EXT-X-STREAM-INF:BANDWIDTH=2000000',
      'R(playlist|https://other.example/720p.m3u8)',
      '#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=90000,URI="R(playlist|https://cdn.example/live/iframes.m3u8)"',
      '',
    ]);
  });

  it('relays a media playlist’s segments, keys and init map as media, and keeps byte ranges as written', () => {
    const media = [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-TARGETDURATION:2',
      '#EXT-X-MAP:URI="init.mp4",BYTERANGE="720@0"',
      '#EXT-X-KEY:METHOD=AES-128,URI="/keys/k1?kid=9",IV=0x00000000000000000000000000000001',
      '#EXTINF:2.0,',
      '#EXT-X-BYTERANGE:1000@720',
      'segments.mp4',
      '#EXTINF:2.0,Título, con coma',
      '//edge.example/seg2.ts?auth=x%20y',
      '#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://clave",KEYFORMAT="com.apple.streamingkeydelivery"',
      '#EXT-X-KEY:METHOD=AES-128,URI="data:text/plain;base64,AAAA"',
      '#EXT-X-ENDLIST',
    ].join('\r\n');
    expect(rewritePlaylist(media, BASE, relay).split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-TARGETDURATION:2',
      '#EXT-X-MAP:URI="R(media|https://cdn.example/live/canal/init.mp4)",BYTERANGE="720@0"',
      '#EXT-X-KEY:METHOD=AES-128,URI="R(media|https://cdn.example/keys/k1?kid=9)",IV=0x00000000000000000000000000000001',
      '#EXTINF:2.0,',
      '#EXT-X-BYTERANGE:1000@720',
      'R(media|https://cdn.example/live/canal/segments.mp4)',
      '#EXTINF:2.0,Título, con coma',
      'R(media|https://edge.example/seg2.ts?auth=x%20y)',
      // Not http(s): left as written (FairPlay's key, an inline key).
      '#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://clave",KEYFORMAT="com.apple.streamingkeydelivery"',
      '#EXT-X-KEY:METHOD=AES-128,URI="data:text/plain;base64,AAAA"',
      '#EXT-X-ENDLIST',
    ]);
  });

  it('leaves a URI the relay declines (too long to come back) as written', () => {
    const media = '#EXTM3U\n#EXTINF:2,\nhttps://cdn.example/a.ts\n#EXTINF:2,\nb.ts\n';
    const out = rewritePlaylist(media, BASE, (url, kind) => (url.endsWith('a.ts') ? null : relay(url, kind)));
    expect(out).toBe(
      '#EXTM3U\n#EXTINF:2,\nhttps://cdn.example/a.ts\n#EXTINF:2,\nR(media|https://cdn.example/live/canal/b.ts)\n',
    );
  });

  it('tells a playlist from other bodies', () => {
    expect(isPlaylist('#EXTM3U\n#EXT-X-VERSION:3\n')).toBe(true);
    expect(isPlaylist('\uFEFF#EXTM3U\r\n')).toBe(true);
    expect(isPlaylist('<?xml version="1.0"?><MPD/>')).toBe(false);
    expect(isPlaylist('#EXTM3Ux\n')).toBe(false);
  });
});

describe('relay targets', () => {
  const key = relaySigningKey('secreto-de-prueba');
  const target = { stream: 1, kind: 'media' as const, url: 'https://cdn.example/a/b/seg-01.ts?x=1&y=ñ' };

  it('verify only for the session they were signed for, unchanged', () => {
    const t = signRelayTarget(key, 'sesion-a', target);
    expect(verifyRelayTarget(key, 'sesion-a', t)).toEqual(target);
    expect(verifyRelayTarget(key, 'sesion-b', t)).toBeNull();
    expect(verifyRelayTarget(relaySigningKey('otro'), 'sesion-a', t)).toBeNull();
    // Another stream's headers, or a playlist read as media, are other targets.
    expect(verifyRelayTarget(key, 'sesion-a', t.replace(/^1\./, '0.'))).toBeNull();
    expect(verifyRelayTarget(key, 'sesion-a', t.replace('.m.', '.p.'))).toBeNull();
    const [n, k, , sig] = t.split('.');
    const other = Buffer.from('https://evil.example/seg-01.ts').toString('base64url');
    expect(verifyRelayTarget(key, 'sesion-a', `${n}.${k}.${other}.${sig}`)).toBeNull();
    expect(verifyRelayTarget(key, 'sesion-a', 'basura')).toBeNull();
  });

  it('name playlists .m3u8 and keep a segment’s own name', () => {
    expect(relayName({ ...target, kind: 'playlist' })).toBe('index.m3u8');
    expect(relayName(target)).toBe('seg-01.ts');
    expect(relayName({ ...target, url: 'https://cdn.example/' })).toBe('media');
    expect(relayName({ ...target, url: 'https://cdn.example/%00.ts' })).toBe('00.ts');
  });
});
