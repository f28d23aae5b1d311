import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Channel } from '@pantalla/contracts';
import { getEpgDayQueryOptions } from './api/get-epg-day';
import { dayKey, rowsPerPage } from './lib/geometry';
import { writeSavedGuide } from './lib/saved-state';
import { fillGuideOpening } from './prefill';

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
const HEIGHT = 800;

/** A catalogue answering every guide day with one programme, recording the paths asked. */
function fakeGuide() {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://x');
      paths.push(url.pathname.replace('/api/v1', ''));
      const [, , , , channelId, date] = url.pathname.split('/');
      const body = {
        channelId: Number(channelId),
        date,
        tz: 'UTC',
        dayStart: 0,
        dayEnd: 1,
        catchup_hours: 0,
        events: [],
      };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return paths;
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('fillGuideOpening', () => {
  const lineup = Array.from({ length: 40 }, (_, i) => channel(i + 1, i === 1 ? 0 : 1));

  it("fetches the opening day of the opening page's channels only, into the guide's own queries", async () => {
    const paths = fakeGuide();
    const client = new QueryClient();
    await fillGuideOpening(client, lineup, [], { now: NOW, height: HEIGHT });
    const perPage = rowsPerPage(HEIGHT, false);
    const page = lineup
      .filter((c) => c.epg === 1)
      .slice(0, perPage)
      .map((c) => c.id);
    const today = dayKey(NOW);
    expect(paths.sort()).toEqual(page.map((id) => `/epg/${id}/${today}`).sort());
    for (const id of page)
      expect(client.getQueryState(getEpgDayQueryOptions(id, today).queryKey)?.status).toBe('success');
  });

  it('follows the user order and the page and day the guide saved', async () => {
    const perPage = rowsPerPage(HEIGHT, false);
    const time = NOW - 86_400_000;
    writeSavedGuide({ page: 2, firstRow: perPage, selected: null, time });
    const paths = fakeGuide();
    const order = [40, 39];
    await fillGuideOpening(new QueryClient(), lineup, order, { now: NOW, height: HEIGHT });
    const rows = [40, 39, ...lineup.filter((c) => c.epg === 1 && c.id < 39).map((c) => c.id)];
    const expected = rows.slice(perPage, 2 * perPage).map((id) => `/epg/${id}/${dayKey(time)}`);
    expect(paths.sort()).toEqual(expected.sort());
  });

  it('asks for nothing without guide channels', async () => {
    const paths = fakeGuide();
    await fillGuideOpening(new QueryClient(), [channel(1, 0)], [], { now: NOW, height: HEIGHT });
    expect(paths).toEqual([]);
  });
});
