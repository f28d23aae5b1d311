import { describe, expect, it } from 'vitest';
import { catchupModeOf } from '@pantalla/contracts';
import { catchupTemplate, catchupUrl, fillCatchupTemplate, type CatchupChannel } from './catchup';

const start = Date.UTC(2026, 5, 15, 18, 0, 0);
const end = Date.UTC(2026, 5, 15, 19, 30, 0);
const now = Date.UTC(2026, 5, 16, 10, 0, 0);
const s = (ms: number) => String(ms / 1000);
const times = { start, end, now };

describe('catch-up modes', () => {
  it.each([
    ['default', 'default'],
    ['APPEND', 'append'],
    ['shift', 'shift'],
    ['timeshift', 'shift'],
    ['flussonic', 'flussonic'],
    ['flussonic-hls', 'flussonic'],
    ['flussonic-ts', 'flussonic-ts'],
    ['fs', 'flussonic-ts'],
    [' xc ', 'xc'],
    ['vod', 'vod'],
    ['magic', null],
    ['', null],
    ['constructor', null],
    ['__proto__', null],
  ])('%j is %j', (text, mode) => expect(catchupModeOf(text)).toBe(mode));
});

describe('catch-up templates from a channel', () => {
  const channel = (mode: CatchupChannel['mode'], streamUrl: string, source: string | null = null): CatchupChannel => ({
    mode,
    source,
    streamUrl,
  });

  it.each([
    // default: the source is the whole URL; a relative one is appended, as players accept.
    [channel('default', 'http://a/live.m3u8', 'http://archive/{utc}.m3u8'), 'http://archive/{utc}.m3u8'],
    [channel('default', 'http://a/live.m3u8', '?utc={utc}&lutc={lutc}'), 'http://a/live.m3u8?utc={utc}&lutc={lutc}'],
    [channel('default', 'http://a/live.m3u8'), null],
    [channel('append', 'http://a/live.m3u8?t=1', '&start=${start}'), 'http://a/live.m3u8?t=1&start=${start}'],
    [channel('append', 'http://a/live.m3u8'), null],
    // shift (SIPTV): utc and lutc added to the query.
    [channel('shift', 'http://a/live.m3u8'), 'http://a/live.m3u8?utc={utc}&lutc={lutc}'],
    [channel('shift', 'http://a/live.m3u8?token=t', 'ignored'), 'http://a/live.m3u8?token=t&utc={utc}&lutc={lutc}'],
    // Flussonic, as pvr.iptvsimple derives it from the stream URL.
    [
      channel('flussonic', 'http://ch01.spr24.net/151/mpegts?token=my_token'),
      'http://ch01.spr24.net/151/timeshift_abs-${start}.ts?token=my_token',
    ],
    [
      channel('flussonic', 'http://list.tv:8888/325/index.m3u8?token=secret'),
      'http://list.tv:8888/325/timeshift_rel-{offset:1}.m3u8?token=secret',
    ],
    [
      channel('flussonic', 'http://list.tv:8888/325/mono.m3u8?token=secret'),
      'http://list.tv:8888/325/mono-timeshift_rel-{offset:1}.m3u8?token=secret',
    ],
    [
      channel('flussonic', 'http://list.tv:8888/325/live?token=my_token'),
      'http://list.tv:8888/325/timeshift_rel-{offset:1}.m3u8?token=my_token',
    ],
    [
      channel('flussonic-ts', 'http://list.tv:8888/325/live?token=my_token'),
      'http://list.tv:8888/325/timeshift_abs-${start}.ts?token=my_token',
    ],
    [channel('flussonic', 'http://list.tv/'), null],
    // Xtream Codes.
    [
      channel('xc', 'http://list.tv:8080/my@account.xc/my_password/1477'),
      'http://list.tv:8080/timeshift/my@account.xc/my_password/{duration:60}/{Y}-{m}-{d}:{H}-{M}/1477.ts',
    ],
    [
      channel('xc', 'http://list.tv:8080/live/my@account.xc/my_password/1477.m3u8'),
      'http://list.tv:8080/timeshift/my@account.xc/my_password/{duration:60}/{Y}-{m}-{d}:{H}-{M}/1477.m3u8',
    ],
    [
      channel('xc', 'http://list.tv:8080/live/user/pass/1477.ts'),
      'http://list.tv:8080/timeshift/user/pass/{duration:60}/{Y}-{m}-{d}:{H}-{M}/1477.ts',
    ],
    [channel('xc', 'http://list.tv:8080/hls/stream.m3u8'), null],
    [channel('vod', 'http://a/live.m3u8'), '{catchup-id}'],
    [channel('vod', 'http://a/live.m3u8', 'http://vod/{catchup-id}.m3u8'), 'http://vod/{catchup-id}.m3u8'],
  ])('%o', (c, template) => {
    expect(catchupTemplate(c)).toBe(template);
  });
});

describe('catch-up placeholders', () => {
  it.each([
    ['{utc}', s(start)],
    ['${start}', s(start)],
    ['{start}', s(start)],
    ['{utcend}', s(end)],
    ['${end}', s(end)],
    ['{end}', s(end)],
    ['{lutc}', s(now)],
    ['${now}', s(now)],
    ['${timestamp}', s(now)],
    ['{duration}', '5400'],
    ['${duration}', '5400'],
    ['{duration:60}', '90'],
    ['{duration:3600}', '1'],
    ['{offset}', String((now - start) / 1000)],
    ['${offset}', String((now - start) / 1000)],
    ['{offset:60}', String((now - start) / 60_000)],
    ['{Y}-{m}-{d}T{H}:{M}:{S}', '2026-06-15T18:00:00'],
    ['{utc:YmdHMS}', '20260615180000'],
    ['{utc:Y-m-d H:M:S}', '2026-06-15 18:00:00'],
    ['${start:Ymd-H-M}', '20260615-18-00'],
    ['{utcend:YmdHM}', '202606151930'],
    ['${end:YmdHM}', '202606151930'],
    ['{lutc:Ymd}', '20260616'],
    ['${timestamp:H}', '10'],
    ['${(b)yyyyMMddHHmmss}', '20260615180000'],
    ['${(e)yyyy-MM-dd HH:mm:ss}', '2026-06-15 19:30:00'],
    ['${(b)yyMMdd}', '260615'],
    ['{duration:0}', '{duration:0}'],
    ['{duration:1.5}', '{duration:1.5}'],
    ['{unknown}', '{unknown}'],
    ['{catchup-id}', '{catchup-id}'],
  ])('%s → %s', (template, expected) => {
    expect(fillCatchupTemplate(template, times)).toBe(expected);
  });

  it('fills every placeholder of a real template at once', () => {
    expect(fillCatchupTemplate('http://a/archive?utc={utc}&lutc={lutc}&d={duration:60}&day={Y}{m}{d}', times)).toBe(
      `http://a/archive?utc=${s(start)}&lutc=${s(now)}&d=90&day=20260615`,
    );
  });

  it('moves the programme times (not now) back by tvg-shift and catchup-correction', () => {
    const shifted = { ...times, shiftHours: 1.5 };
    expect(fillCatchupTemplate('{utc} {utcend} {lutc} {H}:{M} {duration}', shifted)).toBe(
      `${s(start - 5_400_000)} ${s(end - 5_400_000)} ${s(now)} 16:30 5400`,
    );
    expect(fillCatchupTemplate('{offset}', shifted)).toBe(String((now - start) / 1000 + 5400));
  });

  it('fetches a programme still on air up to now', () => {
    const onAir = { start, end, now: start + 20 * 60_000 };
    expect(fillCatchupTemplate('{duration} {utcend}', onAir)).toBe(`1200 ${s(start + 1_200_000)}`);
  });

  it('fills a catchup-id', () => {
    expect(fillCatchupTemplate('plugin://x/?id={catchup-id}', { ...times, catchupId: 'ep1' })).toBe(
      'plugin://x/?id=ep1',
    );
  });
});

describe('catchupUrl', () => {
  it('builds the URL of an ended programme from the channel', () => {
    expect(catchupUrl({ mode: 'shift', source: null, streamUrl: 'http://a/live.m3u8' }, { start, end }, now)).toBe(
      `http://a/live.m3u8?utc=${s(start)}&lutc=${s(now)}`,
    );
    expect(catchupUrl({ mode: 'xc', source: null, streamUrl: 'http://h:8080/u/p/7' }, { start, end }, now)).toBe(
      'http://h:8080/timeshift/u/p/90/2026-06-15:18-00/7.ts',
    );
    expect(
      catchupUrl({ mode: 'flussonic', source: null, streamUrl: 'http://h/325/index.m3u8' }, { start, end }, now),
    ).toBe(`http://h/325/timeshift_rel-${(now - start) / 1000}.m3u8`);
    expect(
      catchupUrl(
        {
          mode: 'default',
          source: 'http://a/s?start={utc:YmdHMS}',
          streamUrl: 'http://a/l',
          shiftHours: -2,
          correctionHours: 0.5,
        },
        { start, end },
        now,
      ),
    ).toBe('http://a/s?start=20260615193000');
  });

  it('answers null when the mode cannot make one', () => {
    expect(catchupUrl({ mode: 'append', source: null, streamUrl: 'http://a/l' }, { start, end }, now)).toBeNull();
    expect(catchupUrl({ mode: 'vod', source: null, streamUrl: 'http://a/l' }, { start, end }, now)).toBeNull();
    expect(
      catchupUrl({ mode: 'vod', source: null, streamUrl: 'http://a/l' }, { start, end, catchupId: 'plugin://x' }, now),
    ).toBe('plugin://x');
  });
});
