import { FINGERPRINT_STYLE_DEFAULTS } from '@pantalla/contracts';
import type { Clock } from '../../../platform/clock';
import type { PpvOffers } from '../../commerce';
import { clipKeyFor } from '../clips';
import { META } from '../meta-keys';
import { LATAM_REGION_ID, LINEUPS } from '../reference-data';
import { normalizeForSearch } from '../search-text';
import type { SeedRepository } from '../seed.repository';
import type { ChannelRow, NewEvent } from '../tables';
import { utcDayStart } from '../time';
import { DEMO_CHANNELS, type DemoChannel } from './demo-structure';
import { generateChannelGuide, type GuideLibrary, type GuideProgramme } from './guide';
import { homeListItems } from './home';
import { generateFilms, generateSeries, type DemoFilm, type DemoSeries } from './vod';

const HOUR = 3600000;
const DAY = 24 * HOUR;
/** Bump when the demo's shape changes; a database seeded with another version is left alone. */
const SEED_VERSION = '1';

/** What the demo catalogue seed works with. */
export interface DemoCatalogueDeps {
  clock: Clock;
  repo: SeedRepository;
  /** Puts the demo's pay-per-view programmes on sale. */
  offers: PpvOffers;
  /** Called once the catalogue changed, so every process's caches forget it. */
  changed: () => Promise<void>;
}

/** Days the event calendar shows, today included (viewing spec: 'Calendario de eventos'). */
export const CALENDAR_DAYS = 15;

/**
 * The guide the demo keeps: from 7 days back (with 3 h to spare for time zones) to the end
 * of the day after tomorrow; the sports and pay-per-view channels, whose events fill the
 * calendar, reach to the end of its 15th day (`calendarTo`).
 */
export function guideRange(now: number): { from: number; to: number; calendarTo: number } {
  const today = utcDayStart(now);
  return {
    from: today - 7 * DAY - 3 * HOUR,
    to: today + 3 * DAY + 3 * HOUR,
    calendarTo: today + CALENDAR_DAYS * DAY + 3 * HOUR,
  };
}

/** The channels whose programmes the calendar lists. */
export function fillsCalendar(channel: DemoChannel): boolean {
  return channel.programming === 'sports' || channel.programming === 'ppv';
}

/** Guide rows ready to insert, numbered from firstId. */
export function toEventRows(
  programmes: GuideProgramme[],
  firstId: number,
  source: 'seed' | 'import' = 'seed',
): NewEvent[] {
  return programmes.map((p, i) => ({
    id: firstId + i,
    channelId: p.channelId,
    startTime: p.startTime,
    endTime: p.endTime,
    title: p.title,
    subtitle: p.subtitle,
    description: p.description,
    parental: p.parental,
    rating: p.parental,
    ageRating: p.ageRating,
    country: p.country,
    year: p.year,
    genreId: p.genreId,
    sectionId: p.sectionId,
    categories: JSON.stringify(p.categories),
    director: p.director,
    actors: JSON.stringify(p.actors.slice(0, 8).map((name) => ({ name, url: null }))),
    languages: JSON.stringify([{ language: 'es', title: p.title, subtitle: p.subtitle, description: p.description }]),
    imageUrl: null,
    posterUrl: null,
    episodeNum: p.episodeNum,
    packageId: null,
    ppvPriceCents: p.ppvPriceCents,
    featured: 0,
    source,
    searchTitle: normalizeForSearch(p.title),
    searchText: normalizeForSearch(`${p.title} ${p.subtitle} ${p.description}`),
  }));
}

function library(): GuideLibrary {
  return { films: generateFilms(), series: generateSeries() };
}

/** The demo channels as rows: the origin loops one of the packaged clips for each. */
function channelRows(now: number): ChannelRow[] {
  return DEMO_CHANNELS.map((c, i) => ({
    id: c.id,
    name: c.name,
    description: c.description,
    number: i + 1,
    tvgId: null,
    channelGenreId: c.channelGenreId,
    parental: c.programming === 'adult' ? 7 : 2,
    isAdult: c.programming === 'adult' ? 1 : 0,
    tstv: c.tstv,
    epg: 1,
    catchupHours: c.catchupHours,
    catchupMode: null,
    catchupSource: null,
    fingerprint: c.fingerprint ? 1 : 0,
    fingerprintFrequency: c.fingerprint?.frequency ?? 300,
    fingerprintDuration: c.fingerprint?.duration ?? 30,
    fingerprintPosition: c.fingerprint?.position ?? 'random',
    // Every row names every column: a multi-row insert has no per-row DEFAULT on SQLite.
    fingerprintFontSize: c.fingerprint?.fontSize ?? FINGERPRINT_STYLE_DEFAULTS.fontSize,
    fingerprintColor: c.fingerprint?.color ?? FINGERPRINT_STYLE_DEFAULTS.color,
    fingerprintBackground: c.fingerprint?.background ?? FINGERPRINT_STYLE_DEFAULTS.background,
    streamSource: 'origin' as const,
    streamUrl: null,
    streamProtocol: 'dash' as const,
    alternateStreams: null,
    clipKey: clipKeyFor(0, c.id),
    logoUrl: null,
    packageId: c.packageId,
    guideSource: 'seed' as const,
    searchTitle: normalizeForSearch(c.name),
    updatedAt: now,
    enabled: 1,
    kind: 'tv',
    guideShiftMinutes: 0,
    streamUserAgent: null,
    streamReferrer: null,
  }));
}

function filmRows(films: readonly DemoFilm[]) {
  return films.map((f) => ({
    id: f.id,
    title: f.title,
    description: f.description,
    longDescription: f.longDescription,
    runtimeSeconds: f.runtimeSeconds,
    year: f.year,
    country: f.country,
    releaseDate: f.releaseDate,
    endOfAvailability: null,
    parental: f.parental,
    ageRating: f.ageRating,
    director: f.director,
    actors: JSON.stringify(f.actors),
    clipKey: f.clipKey,
    trailerClipKey: f.trailerClipKey,
    packageId: f.packageId,
    popularity: f.popularity,
    searchTitle: normalizeForSearch(f.title),
    searchText: normalizeForSearch(`${f.title} ${f.description} ${f.director} ${f.actors.join(' ')}`),
  }));
}

/** Series with their seasons and episodes as rows. */
function seriesRows(series: readonly DemoSeries[]) {
  return {
    series: series.map((s) => ({
      id: s.id,
      title: s.title,
      description: s.description,
      longDescription: s.longDescription,
      year: s.year,
      country: s.country,
      parental: s.parental,
      director: s.director,
      actors: JSON.stringify(s.actors),
      packageId: s.packageId,
      popularity: s.popularity,
      searchTitle: normalizeForSearch(s.title),
      searchText: normalizeForSearch(`${s.title} ${s.description} ${s.director} ${s.actors.join(' ')}`),
    })),
    seasons: series.flatMap((s) =>
      s.seasons.map((season) => ({
        id: season.id,
        seriesId: s.id,
        seasonNumber: season.seasonNumber,
        title: season.title,
        description: season.description,
      })),
    ),
    episodes: series.flatMap((s) =>
      s.seasons.flatMap((season) =>
        season.episodes.map((e) => ({
          id: e.id,
          seriesId: s.id,
          seasonId: season.id,
          seasonNumber: e.seasonNumber,
          episodeNumber: e.episodeNumber,
          title: e.title,
          runtimeSeconds: e.runtimeSeconds,
          description: e.description,
          releaseDate: e.releaseDate,
          clipKey: e.clipKey,
        })),
      ),
    ),
  };
}

/** Channel group of the Spanish regional and local channels. */
const LOCAL_CHANNEL_GENRE = 5;

/**
 * Which demo channels a lineup carries, in dial order: the Canary lineup lacks the Madrid
 * local channel, the Latin-American one every Spanish regional and local channel.
 */
export function demoLineupChannels(lineupId: number): readonly DemoChannel[] {
  const lineup = LINEUPS.find((l) => l.id === lineupId);
  if (!lineup || lineup.id === 1) return DEMO_CHANNELS;
  if (lineup.regionId === LATAM_REGION_ID) return DEMO_CHANNELS.filter((c) => c.channelGenreId !== LOCAL_CHANNEL_GENRE);
  return DEMO_CHANNELS.filter((c) => c.id !== 90);
}

const lineupItemsOf = (lineupId: number) =>
  demoLineupChannels(lineupId).map((c, position) => ({ lineupId, channelId: c.id, position }));

/** Lineups the reference data gained after the demo was seeded get their demo channels. */
async function fillEmptyLineups(repo: SeedRepository): Promise<void> {
  const seeded = new Set(await repo.seededChannelIds());
  for (const lineupId of await repo.emptyLineupIds()) {
    await repo.insertLineupItems(lineupItemsOf(lineupId).filter((item) => seeded.has(item.channelId)));
  }
}

/** The whole demo catalogue (channels, titles, row items), in one transaction. */
async function seedAll(repo: SeedRepository, now: number): Promise<void> {
  const films = generateFilms();
  const series = generateSeries();
  const lineupItems = LINEUPS.flatMap((l) => lineupItemsOf(l.id));
  const contentGenres = [
    ...films.flatMap((f) => f.genreIds.map((genreId) => ({ contentType: 'film' as const, contentId: f.id, genreId }))),
    ...series.flatMap((s) =>
      s.genreIds.map((genreId) => ({ contentType: 'series' as const, contentId: s.id, genreId })),
    ),
  ];
  await repo.transaction(async (trx) => {
    await repo.insertCatalogue(trx, {
      channels: channelRows(now),
      lineupItems,
      films: filmRows(films),
      ...seriesRows(series),
      contentGenres,
      listItems: homeListItems(films, series),
    });
    await repo.setMeta(META.seedVersion, SEED_VERSION, trx);
  });
}

/**
 * Extends every seeded channel's guide to the end of the day after tomorrow (the calendar's
 * channels to its 15th day) and drops
 * seeded programmes older than 8 days. A cheap check first: nothing to do when the guide
 * already reaches far enough (the usual second start on the same day).
 */
export async function topUpGuide(repo: SeedRepository, now: number): Promise<number> {
  const { from, to, calendarTo } = guideRange(now);
  const until = Number((await repo.meta(META.guideUntil)) ?? 0);
  if (until >= calendarTo) return 0;
  const lib = library();
  const seeded = new Map(DEMO_CHANNELS.map((c) => [c.id, c]));
  const lastEnd = await repo.lastEnds();
  const programmes: GuideProgramme[] = [];
  for (const id of await repo.seededChannelIds()) {
    const channel = seeded.get(id);
    if (!channel) continue;
    const start = Math.max(from, lastEnd.get(id) ?? from);
    programmes.push(...generateChannelGuide(channel, start, fillsCalendar(channel) ? calendarTo : to, lib));
  }
  const rows = toEventRows(programmes, (await repo.maxEventId()) + 1);
  const longest = rows.reduce(
    (m, r) => Math.max(m, Number(r.endTime) - Number(r.startTime)),
    Number((await repo.meta(META.maxEventMs)) ?? 0),
  );
  await repo.transaction(async (trx) => {
    await repo.deleteSeededEventsBefore(trx, from - DAY);
    await repo.insertEvents(trx, rows);
    await repo.setMeta(META.maxEventMs, String(longest), trx);
    await repo.setMeta(META.guideUntil, String(calendarTo), trx);
    const version = Number((await repo.meta(META.guideVersion, trx)) ?? 0);
    await repo.setMeta(META.guideVersion, String(version + 1), trx);
  });
  return rows.length;
}

/** Puts every PPV programme without a package on sale (its own package and product). */
async function offerPpvEvents(repo: SeedRepository, offers: PpvOffers): Promise<void> {
  for (const e of await repo.pendingPpvEvents()) {
    const packageId = await offers.ensurePpvOffer({
      eventId: e.id,
      channelId: e.channelId,
      title: e.title,
      subtitle: e.subtitle,
      startTime: e.startTime,
      endTime: e.endTime,
      priceCents: e.ppvPriceCents ?? 0,
    });
    await repo.setEventPackage(e.id, packageId);
  }
}

/** Seeds the demo catalogue once, then keeps its guide current on every run; idempotent. */
export async function seedDemoCatalogue({ clock, repo, offers, changed }: DemoCatalogueDeps): Promise<void> {
  const now = clock.now();
  if ((await repo.meta(META.seedVersion)) === undefined) await seedAll(repo, now);
  else await fillEmptyLineups(repo);
  await topUpGuide(repo, now);
  await offerPpvEvents(repo, offers);
  await changed();
}
