import { describe, expect, it } from 'vitest';
import type { Channel } from '@pantalla/contracts';
import { rowsPerPage, startOfDay } from './geometry';
import { guideChannels, guideOpening, LEAD_MS } from './opening';

const channel = (id: number, epg: 0 | 1 = 1) =>
  ({
    id,
    name: `Canal ${id}`,
    number: id,
    epg,
    images: [],
    logoURL: '',
    catchup_hours: 0,
    deliveryURL: null,
  }) as unknown as Channel;

const NOW = new Date(2026, 10, 27, 14, 10).getTime();

describe('guideChannels', () => {
  it('keeps channels with a guide, in the user order', () => {
    const rows = guideChannels([channel(1), channel(2, 0), channel(3), channel(4)], [4, 1]);
    expect(rows.map((c) => c.id)).toEqual([4, 1, 3]);
  });
});

describe('guideOpening', () => {
  it('opens on the first page half an hour before now, without a saved guide', () => {
    const opening = guideOpening({ saved: null, channelCount: 50, height: 800, now: NOW });
    expect(opening).toEqual({
      perPage: rowsPerPage(800, false),
      firstRow: 0,
      time: NOW - LEAD_MS,
      day: startOfDay(NOW),
    });
  });

  it('opens the saved page and time, its rows counted with the overlay open when a programme was selected', () => {
    const time = NOW - 2 * 86_400_000;
    const saved = { page: 3, firstRow: 12, selected: { channelId: 9, programmeId: 4, start: time }, time };
    const opening = guideOpening({ saved, channelCount: 50, height: 800, now: NOW });
    expect(opening).toEqual({ perPage: rowsPerPage(800, true), firstRow: 12, time, day: startOfDay(time) });
  });

  it('a saved page past the channels steps back one page', () => {
    const perPage = rowsPerPage(800, false);
    const saved = { page: 3, firstRow: 2 * perPage, selected: null, time: null };
    const opening = guideOpening({ saved, channelCount: 2 * perPage, height: 800, now: NOW });
    expect(opening.firstRow).toBe(perPage);
  });
});
