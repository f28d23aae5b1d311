import { describe, expect, it } from 'vitest';
import type { GuideCounts, GuideWindow, ImportProgramme } from './catalogue-import.service';
import { GuideStage } from './guide-stage';

const programme = (startTime: number): ImportProgramme => ({
  startTime,
  endTime: startTime + 10,
  title: `P${startTime}`,
  subtitle: '',
  description: '',
  adult: false,
  ageRating: 'TP',
  country: '',
  year: null,
  categories: [],
  directors: [],
  actors: [],
  imageUrl: null,
  episodeNum: '',
});
const window = (channelId: number, starts: number[]): GuideWindow => ({
  channelId,
  from: starts[0] as number,
  to: (starts.at(-1) as number) + 10,
  programmes: starts.map(programme),
});

describe('GuideStage', () => {
  it('gathers batches until there are enough programmes, merging each channel into one window', async () => {
    const written: GuideWindow[][] = [];
    const stage = new GuideStage(async (batch) => {
      written.push(batch);
      return {
        inserted: batch.reduce((n, w) => n + w.programmes.length, 0),
        removed: 0,
        unchanged: 0,
      } satisfies GuideCounts;
    }, 5);
    expect(await stage.add([window(1, [0, 10]), window(2, [0])])).toEqual({ inserted: 0, removed: 0, unchanged: 0 });
    expect(written).toHaveLength(0);
    expect(await stage.add([window(1, [20, 30])])).toEqual({ inserted: 5, removed: 0, unchanged: 0 });
    expect(written).toHaveLength(1);
    const [one, two] = written[0] as GuideWindow[];
    expect(one).toMatchObject({ channelId: 1, from: 0, to: 40 });
    expect(one?.programmes.map((p) => p.startTime)).toEqual([0, 10, 20, 30]);
    expect(two).toMatchObject({ channelId: 2, from: 0, to: 10 });
  });

  it('writes the rest when flushed, and nothing when nothing is left', async () => {
    const written: GuideWindow[][] = [];
    const stage = new GuideStage(async (batch) => {
      written.push(batch);
      return { inserted: 1, removed: 0, unchanged: 0 };
    }, 100);
    await stage.add([window(3, [0])]);
    expect(await stage.flush()).toEqual({ inserted: 1, removed: 0, unchanged: 0 });
    expect(await stage.flush()).toEqual({ inserted: 0, removed: 0, unchanged: 0 });
    expect(written).toHaveLength(1);
  });

  it('does not change the batches it was given', async () => {
    const stage = new GuideStage(async () => ({ inserted: 0, removed: 0, unchanged: 0 }), 100);
    const first = window(1, [0]);
    await stage.add([first]);
    await stage.add([window(1, [10])]);
    expect(first.programmes).toHaveLength(1);
    expect(first.to).toBe(10);
  });

  it("rests a share of each write's time before answering, when asked to (PostgreSQL), and never otherwise", async () => {
    let clock = 0;
    const pauses: number[] = [];
    const slowWrite = async (batch: GuideWindow[]): Promise<GuideCounts> => {
      clock += 200;
      return { inserted: batch.length, removed: 0, unchanged: 0 };
    };
    const timing = {
      now: () => clock,
      pause: async (ms: number) => {
        pauses.push(ms);
      },
    };
    const resting = new GuideStage(slowWrite, 2, 0.5, timing);
    await resting.add([window(1, [0, 10])]);
    await resting.flush();
    expect(pauses).toEqual([100]);
    const eager = new GuideStage(slowWrite, 2, 0, timing);
    await eager.add([window(1, [0, 10])]);
    expect(pauses).toEqual([100]);
  });

  it('rests on PostgreSQL only', async () => {
    const { yieldShareFor } = await import('./import-thread-client');
    expect(yieldShareFor('postgres://postgres@127.0.0.1:5432/pantalla')).toBe(0.5);
    expect(yieldShareFor('postgresql://db/pantalla')).toBe(0.5);
    expect(yieldShareFor('sqlite:/data/pantalla.db')).toBe(0);
  });
});
