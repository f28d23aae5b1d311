import { describe, expect, it } from 'vitest';
import { assertClipManifest } from '../clip-manifest';
import { AUDIO_LANGUAGES, VIDEO_RENDITIONS } from '../constants';
import { FIXTURE_KEY, fixtureManifest } from '../test-support/fixture-manifest';
import { assembleClipManifest, peakBandwidth, planClipTracks, thumbnailsPerLoop } from './layout';

describe('assembleClipManifest', () => {
  const manifest = fixtureManifest();

  it('describes the clip and its segments', () => {
    expect(manifest).toMatchObject({
      version: 1,
      clipKey: 'clip-1',
      title: 'Señal de prueba 1',
      kid: FIXTURE_KEY.kid,
      durationSeconds: 60,
      segmentDurationSeconds: 2,
      segmentCount: 30,
    });
    expect(manifest.tracks.map((t) => t.id)).toEqual(['video-360p', 'video-720p', 'audio-spa', 'audio-eng', 'text-es']);
    expect(() => assertClipManifest(JSON.parse(JSON.stringify(manifest)))).not.toThrow();
  });

  it('gives each track its timescale, loop duration, files and peak bandwidth', () => {
    const [v360, , spa, eng, text] = manifest.tracks;
    expect(v360).toMatchObject({
      type: 'video',
      timescale: 90000,
      loopDuration: 5_400_000,
      width: 640,
      height: 360,
      frameRate: 25,
      initFile: 'video-360p/init.mp4',
      mediaTemplate: 'video-360p/$Number$.m4s',
      encrypted: true,
      bandwidth: Math.ceil((1029 * 8) / 2),
    });
    expect(spa).toMatchObject({
      type: 'audio',
      language: 'es',
      language639_2: 'spa',
      label: 'Español',
      main: true,
      loopDuration: 1_920_000,
      channels: 1,
      sampleRate: 32000,
    });
    expect(eng).toMatchObject({ type: 'audio', language: 'en', main: false });
    expect(text).toMatchObject({
      type: 'text',
      codecs: 'wvtt',
      language: 'es',
      timescale: 1000,
      loopDuration: 60_000,
      encrypted: false,
    });
  });

  it('describes the sprite sheets by phase', () => {
    expect(manifest.thumbnails).toEqual({
      mimeType: 'image/jpeg',
      intervalSeconds: 20,
      columns: 5,
      rows: 5,
      tileWidth: 256,
      tileHeight: 144,
      tilesPerLoop: 3,
      bandwidth: Math.ceil((92000 * 8) / 500),
      urlTemplate: 'thumbs/$Number$.jpg',
      sheets: ['thumbs/sheet-0.jpg', 'thumbs/sheet-1.jpg', 'thumbs/sheet-2.jpg'],
    });
    expect(manifest.subtitles).toEqual({ file: 'subtitles.es.vtt', language: 'es' });
  });

  it('never holds the key', () => {
    expect(JSON.stringify(manifest)).not.toContain(FIXTURE_KEY.key);
  });

  it('refuses a track with a missing or extra segment', () => {
    const plans = planClipTracks(VIDEO_RENDITIONS.slice(0, 1), []);
    const init = { handler: 'vide', timescale: 90000, codecs: 'avc1.4d401e', encrypted: true, width: 640, height: 360 };
    const probes = new Map([['video-360p', { init, segmentSizes: [1, 2, 3] }]]);
    expect(() =>
      assembleClipManifest({
        clip: { key: 'k', title: 't', background: '000000', accent: 'ffffff', toneHz: { spa: 1, eng: 2 } },
        kid: FIXTURE_KEY.kid,
        plans,
        probes,
        sheetSizes: [1],
        inputHash: 'h',
        durationSeconds: 20,
      }),
    ).toThrow(/3 segments, expected 10/);
    expect(() =>
      assembleClipManifest({
        clip: { key: 'k', title: 't', background: '000000', accent: 'ffffff', toneHz: { spa: 1, eng: 2 } },
        kid: FIXTURE_KEY.kid,
        plans: planClipTracks(VIDEO_RENDITIONS, AUDIO_LANGUAGES),
        probes: new Map([['video-360p', { init, segmentSizes: Array.from({ length: 10 }, () => 1) }]]),
        sheetSizes: [1],
        inputHash: 'h',
        durationSeconds: 20,
      }),
    ).toThrow(/not probed/);
  });
});

describe('helpers', () => {
  it('counts thumbnails per loop and refuses partial ones', () => {
    expect(thumbnailsPerLoop(60)).toBe(3);
    expect(thumbnailsPerLoop(20)).toBe(1);
    expect(() => thumbnailsPerLoop(30)).toThrow(/whole number/);
  });

  it('takes the peak segment for bandwidth', () => {
    expect(peakBandwidth([1000, 3000, 2000], 2)).toBe(12000);
    expect(peakBandwidth([], 2)).toBe(0);
  });

  it('rejects foreign JSON as a manifest', () => {
    expect(() => assertClipManifest({ version: 2 })).toThrow();
    expect(() => assertClipManifest(null)).toThrow();
  });
});
