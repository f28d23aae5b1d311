import { describe, expect, it } from 'vitest';
import type { EpgProgramme } from '@pantalla/contracts';
import { mergeDays, playAction, toGuideProgramme, type DayState, type GuideProgramme } from './programme';

const M = 60_000;
const H = 60 * M;

function programme(id: number, startMin: number, endMin: number): GuideProgramme {
  return { id, channelId: 1, start: startMin * M, end: endMin * M, title: `P${id}`, epg: {} as EpgProgramme };
}
const ready = (...programmes: GuideProgramme[]): DayState => ({ status: 'ready', programmes });

describe('mergeDays', () => {
  it('joins consecutive days, keeping a programme that crosses midnight once', () => {
    const crossing = programme(2, 23 * 60, 25 * 60);
    const out = mergeDays([
      ready(programme(1, 22 * 60, 23 * 60), crossing),
      ready(crossing, programme(3, 25 * 60, 26 * 60)),
    ]);
    expect(out.map((p) => p.id)).toEqual([1, 2, 3]);
  });
  it('corrects gaps over 60 s inside a run', () => {
    const out = mergeDays([ready(programme(1, 0, 30), programme(2, 45, 60))]);
    expect(out[0]?.end).toBe(45 * M);
  });
  it('does not stretch a programme across a day without data or still loading', () => {
    const out = mergeDays([
      ready(programme(1, 0, 60)),
      ready(),
      { status: 'loading' },
      ready(programme(2, 72 * 60, 73 * 60)),
    ]);
    expect(out.map((p) => [p.id, p.end / M])).toEqual([
      [1, 60],
      [2, 73 * 60],
    ]);
  });
  it('maps the EPG form', () => {
    const epg = { id_event: 7, id_channel: 3, startTime: 10, endTime: 20, title: 'T' } as EpgProgramme;
    expect(toGuideProgramme(epg)).toMatchObject({ id: 7, channelId: 3, start: 10, end: 20, title: 'T' });
  });
});

describe('playAction', () => {
  const show = { start: 10 * H, end: 11 * H };
  const catchup = { catchupHours: 168, deliveryURL: null };
  const noCatchup = { catchupHours: 0, deliveryURL: null };
  const external = { catchupHours: 0, deliveryURL: 'https://cdn.example/live.mpd' };
  it('offers live while airing', () => {
    expect(playAction(show, catchup, 10.5 * H).kind).toBe('live');
    expect(playAction(show, noCatchup, 10 * H).kind).toBe('live');
    expect(playAction(show, external, 10.5 * H).kind).toBe('live');
  });
  it('offers catch-up once ended only with catchup_hours > 0, inside the window', () => {
    expect(playAction(show, catchup, 11 * H).kind).toBe('catchup');
    expect(playAction(show, noCatchup, 12 * H).kind).toBe('none');
    expect(playAction(show, { catchupHours: 24, deliveryURL: null }, 11 * H + 25 * H).kind).toBe('none');
  });
  it('an imported channel (delivery URL) offers catch-up only when its list gave it one, inside the window', () => {
    expect(playAction(show, external, 12 * H).kind).toBe('none');
    expect(playAction(show, { ...external, catchupHours: 48 }, 12 * H).kind).toBe('catchup');
    expect(playAction(show, { ...external, catchupHours: 48 }, 11 * H + 49 * H).kind).toBe('none');
    expect(playAction(show, external, 9 * H).kind).toBe('none');
  });
  it('offers nothing for the future', () => {
    expect(playAction(show, catchup, 9 * H).kind).toBe('none');
  });
});
