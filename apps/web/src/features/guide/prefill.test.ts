import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { NO_GUIDE_FILTER, type Channel, type GuideFilter } from '@pantalla/contracts';
import { favouriteChannelsQueryOptions } from './api/favourites';
import { getEpgDayQueryOptions } from './api/get-epg-day';
import { guideFilterQueryOptions } from './api/guide-filter';
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

const PROFILE = { user: { userId: 7, profiles: [] }, profileId: 3 };

/**
 * A catalogue answering every guide day with one programme, the profile's saved filter and
 * favourites as given (none by default), recording the paths asked.
 */
function fakeGuide(saved: { filter?: Partial<GuideFilter>; favourites?: number[] } = {}) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://x');
      paths.push(url.pathname.replace('/api/v1', ''));
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url.pathname.endsWith('/guide/filter')) return json({ ...NO_GUIDE_FILTER, ...saved.filter });
      if (url.pathname.endsWith('/favourites/channels')) return json({ channelIds: saved.favourites ?? [] });
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
      return json(body);
    }),
  );
  return paths;
}

const epg = (path: string) => path.startsWith('/epg/');

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('fillGuideOpening', () => {
  const lineup = Array.from({ length: 40 }, (_, i) => channel(i + 1, i === 1 ? 0 : 1));

  it("fetches the opening day of the opening page's channels only, into the guide's own queries", async () => {
    const paths = fakeGuide();
    const client = new QueryClient();
    await fillGuideOpening(client, lineup, [], { profile: PROFILE, now: NOW, height: HEIGHT });
    const perPage = rowsPerPage(HEIGHT, false);
    const page = lineup
      .filter((c) => c.epg === 1)
      .slice(0, perPage)
      .map((c) => c.id);
    const today = dayKey(NOW);
    expect(paths.filter(epg).sort()).toEqual(page.map((id) => `/epg/${id}/${today}`).sort());
    for (const id of page)
      expect(client.getQueryState(getEpgDayQueryOptions(id, today).queryKey)?.status).toBe('success');
  });

  it('follows the user order and the page and day the guide saved', async () => {
    const perPage = rowsPerPage(HEIGHT, false);
    const time = NOW - 86_400_000;
    writeSavedGuide({ page: 2, firstRow: perPage, selected: null, time });
    const paths = fakeGuide();
    const order = [40, 39];
    await fillGuideOpening(new QueryClient(), lineup, order, { profile: PROFILE, now: NOW, height: HEIGHT });
    const rows = [40, 39, ...lineup.filter((c) => c.epg === 1 && c.id < 39).map((c) => c.id)];
    const expected = rows.slice(perPage, 2 * perPage).map((id) => `/epg/${id}/${dayKey(time)}`);
    expect(paths.filter(epg).sort()).toEqual(expected.sort());
  });

  it('asks for nothing without guide channels', async () => {
    const paths = fakeGuide();
    await fillGuideOpening(new QueryClient(), [channel(1, 0)], [], { profile: PROFILE, now: NOW, height: HEIGHT });
    expect(paths).toEqual([]);
  });

  it("asks the saved favourites filter's page, never the unfiltered one, under the guide's own filter queries", async () => {
    const favourites = [7, 12, 20, 33, 38];
    const paths = fakeGuide({ filter: { favourites: true }, favourites });
    const client = new QueryClient();
    await fillGuideOpening(client, lineup, [], { profile: PROFILE, now: NOW, height: HEIGHT });
    const today = dayKey(NOW);
    expect(paths.filter(epg).sort()).toEqual(favourites.map((id) => `/epg/${id}/${today}`).sort());
    // The guide opens with both already known.
    expect(client.getQueryData(guideFilterQueryOptions('7.3').queryKey)).toMatchObject({ favourites: true });
    expect(client.getQueryData(favouriteChannelsQueryOptions('7.3').queryKey)).toEqual({ channelIds: favourites });
  });

  it('asks no page under a genre filter (its channels depend on the hours the guide shows)', async () => {
    const paths = fakeGuide({ filter: { genreId: 4 } });
    await fillGuideOpening(new QueryClient(), lineup, [], { profile: PROFILE, now: NOW, height: HEIGHT });
    expect(paths.filter(epg)).toEqual([]);
  });
});
