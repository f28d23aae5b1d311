import { describe, expect, it } from 'vitest';
import { FIXTURE_KEY } from '../test-support/fixture-manifest';
import { AUDIO_LANGUAGES, VIDEO_RENDITIONS } from '../constants';
import { packagerStreams, planClipTracks } from './layout';
import { buildPackagerArgs } from './packager-args';

const streams = packagerStreams(planClipTracks(VIDEO_RENDITIONS, AUDIO_LANGUAGES));

describe('buildPackagerArgs', () => {
  const args = buildPackagerArgs({ streams, ...FIXTURE_KEY });

  it('describes every stream with its init segment and $Number$ template', () => {
    expect(args.slice(0, 5)).toEqual([
      'in=work/video-360p.mp4,stream=video,init_segment=video-360p/init.mp4,segment_template=video-360p/$Number$.m4s',
      'in=work/video-720p.mp4,stream=video,init_segment=video-720p/init.mp4,segment_template=video-720p/$Number$.m4s',
      'in=work/audio-spa.mp4,stream=audio,language=spa,init_segment=audio-spa/init.mp4,segment_template=audio-spa/$Number$.m4s',
      'in=work/audio-eng.mp4,stream=audio,language=eng,init_segment=audio-eng/init.mp4,segment_template=audio-eng/$Number$.m4s',
      'in=subtitles.es.vtt,stream=text,language=spa,init_segment=text-es/init.mp4,segment_template=text-es/$Number$.m4s',
    ]);
  });

  it('encrypts CENC with the raw key from the first frame, Common PSSH, 2 s segments', () => {
    const flags = args.slice(5).join(' ');
    expect(flags).toBe(
      `--enable_raw_key_encryption --keys label=:key_id=${FIXTURE_KEY.kid}:key=${FIXTURE_KEY.key} --protection_scheme cenc --clear_lead 0 --protection_systems CommonSystem --segment_duration 2`,
    );
  });

  it('adds a reference MPD only on request', () => {
    const withMpd = buildPackagerArgs({ streams, ...FIXTURE_KEY, mpdOutput: 'packager.mpd' });
    expect(withMpd.slice(-4)).toEqual([
      '--mpd_output',
      'packager.mpd',
      '--generate_static_live_mpd',
      '--segment_template_constant_duration',
    ]);
    expect(args).not.toContain('--mpd_output');
  });

  it('refuses bad keys, templates and descriptor characters', () => {
    expect(() => buildPackagerArgs({ streams, kid: 'abc', key: FIXTURE_KEY.key })).toThrow(/kid/);
    expect(() => buildPackagerArgs({ streams, kid: FIXTURE_KEY.kid, key: 'z'.repeat(32) })).toThrow(/key/);
    expect(() => buildPackagerArgs({ streams: [], ...FIXTURE_KEY })).toThrow(/nothing/);
    const bad = { input: 'a,b.mp4', stream: 'video' as const, initSegment: 'i.mp4', segmentTemplate: '$Number$.m4s' };
    expect(() => buildPackagerArgs({ streams: [bad], ...FIXTURE_KEY })).toThrow(/','/);
    expect(() =>
      buildPackagerArgs({ streams: [{ ...bad, input: 'a.mp4', segmentTemplate: 'x.m4s' }], ...FIXTURE_KEY }),
    ).toThrow(/\$Number\$/);
  });
});
