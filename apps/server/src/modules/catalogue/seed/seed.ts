import { FINGERPRINT_STYLE_DEFAULTS } from '@pantalla/contracts';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../../database-schema';
import type { Deps } from '../../../platform/module';
import { CommerceService } from '../../commerce';
import { META } from '../meta-keys';
import { normalizeForSearch } from '../search-text';
import type { EventTable } from '../tables';
import { utcDayStart } from '../time';
import { DEMO_CHANNEL_GENRES, DEMO_CHANNELS, DEMO_GENRES, DEMO_LINEUPS, DEMO_REGIONS } from './demo-structure';
import { generateChannelGuide, type GuideLibrary, type GuideProgramme } from './guide';
import { DEMO_SCREENS, HOME_LIST_GROUP, HOME_LISTS, homeListItems } from './home';
import { clipKeyFor } from './prng';
import { generateFilms, generateSeries } from './vod';

const HOUR = 3600000;
const DAY = 24 * HOUR;
/** Bump when the demo's shape changes; a database seeded with another version is left alone. */
const SEED_VERSION = '1';


/** The guide the demo keeps: from 7 days back (with 3 h to spare for time zones) to the end of the day after tomorrow. */
export function guideRange(now: number): { from: number; to: number } {
  const today = utcDayStart(now);
  return { from: today - 7 * DAY - 3 * HOUR, to: today + 3 * DAY + 3 * HOUR };
}

async function chunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function getMeta(db: Kysely<Database>, key: string): Promise<string | undefined> {
  return (await db.selectFrom('catalogueMeta').select('value').where('key', '=', key).executeTakeFirst())?.value;
}

/** Sets a meta value (insert or update, the same SQL on both databases). */
export async function setMeta(db: Kysely<Database>, key: string, value: string): Promise<void> {
  await db
    .insertInto('catalogueMeta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** Guide rows ready to insert, numbered from firstId. */
export function toEventRows(programmes: GuideProgramme[], firstId: number, source: 'seed' | 'import' = 'seed'): Insertable<EventTable>[] {
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

/** Inserts event rows in batches (one statement per 400 rows keeps both databases under their parameter limits). */
export async function insertEvents(db: Kysely<Database> | Transaction<Database>, rows: Insertable<EventTable>[]): Promise<void> {
  await chunked(rows, 400, (chunk) => db.insertInto('events').values(chunk).execute());
}

function library(): GuideLibrary {
  return { films: generateFilms(), series: generateSeries() };
}

/** The whole demo catalogue, in one transaction. */
async function seedAll(trx: Transaction<Database>, now: number): Promise<void> {
  const films = generateFilms();
  const series = generateSeries();
  await trx.insertInto('regions').values([...DEMO_REGIONS]).execute();
  await trx.insertInto('lineups').values([...DEMO_LINEUPS]).execute();
  await trx.insertInto('channelGenres').values([...DEMO_CHANNEL_GENRES]).execute();
  await trx.insertInto('genres').values([...DEMO_GENRES]).execute();
  await trx
    .insertInto('channels')
    .values(
      DEMO_CHANNELS.map((c, i) => ({
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
        clipKey: clipKeyFor(0, c.id),
        logoUrl: null,
        packageId: c.packageId,
        guideSource: 'seed' as const,
        searchTitle: normalizeForSearch(c.name),
        updatedAt: now,
      })),
    )
    .execute();
  const lineupItems = DEMO_LINEUPS.flatMap((l) =>
    DEMO_CHANNELS.filter((c) => l.id === 1 || c.id !== 90).map((c, position) => ({ lineupId: l.id, channelId: c.id, position })),
  );
  await trx.insertInto('lineupItems').values(lineupItems).execute();

  await chunked(films, 200, (chunk) =>
    trx
      .insertInto('films')
      .values(
        chunk.map((f) => ({
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
        })),
      )
      .execute(),
  );
  await trx
    .insertInto('series')
    .values(
      series.map((s) => ({
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
    )
    .execute();
  const seasons = series.flatMap((s) => s.seasons.map((season) => ({ id: season.id, seriesId: s.id, seasonNumber: season.seasonNumber, title: season.title, description: season.description })));
  await chunked(seasons, 300, (chunk) => trx.insertInto('seasons').values(chunk).execute());
  const episodes = series.flatMap((s) =>
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
  );
  await chunked(episodes, 300, (chunk) => trx.insertInto('episodes').values(chunk).execute());
  const contentGenres = [
    ...films.flatMap((f) => f.genreIds.map((genreId) => ({ contentType: 'film' as const, contentId: f.id, genreId }))),
    ...series.flatMap((s) => s.genreIds.map((genreId) => ({ contentType: 'series' as const, contentId: s.id, genreId }))),
  ];
  await chunked(contentGenres, 500, (chunk) => trx.insertInto('contentGenres').values(chunk).execute());
  await trx.insertInto('screens').values([...DEMO_SCREENS]).execute();
  await trx.insertInto('lists').values(HOME_LISTS.map((l) => ({ ...l, listGroupId: HOME_LIST_GROUP }))).execute();
  await chunked(homeListItems(films, series), 500, (chunk) => trx.insertInto('listItems').values(chunk).execute());
  await setMeta(trx, META.seedVersion, SEED_VERSION);
}

/**
 * Extends every seeded channel's guide to the end of the day after tomorrow and drops
 * seeded programmes older than 8 days. A cheap check first: nothing to do when the guide
 * already reaches far enough (the usual second start on the same day).
 */
export async function topUpGuide(db: Kysely<Database>, now: number): Promise<number> {
  const { from, to } = guideRange(now);
  const until = Number((await getMeta(db, META.guideUntil)) ?? 0);
  if (until >= to) return 0;
  const lib = library();
  const seeded = new Map(DEMO_CHANNELS.map((c) => [c.id, c]));
  const channels = await db.selectFrom('channels').select('id').where('guideSource', '=', 'seed').execute();
  const ends = await db.selectFrom('events').select(['channelId', (eb) => eb.fn.max('endTime').as('lastEnd')]).groupBy('channelId').execute();
  const lastEnd = new Map(ends.map((e) => [e.channelId, Number(e.lastEnd)]));
  const programmes: GuideProgramme[] = [];
  for (const { id } of channels) {
    const channel = seeded.get(id);
    if (!channel) continue;
    const start = Math.max(from, lastEnd.get(id) ?? from);
    programmes.push(...generateChannelGuide(channel, start, to, lib));
  }
  const maxId = Number((await db.selectFrom('events').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0);
  const rows = toEventRows(programmes, maxId + 1);
  const longest = rows.reduce((m, r) => Math.max(m, Number(r.endTime) - Number(r.startTime)), Number((await getMeta(db, META.maxEventMs)) ?? 0));
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('events').where('source', '=', 'seed').where('endTime', '<', from - DAY).execute();
    await insertEvents(trx, rows);
    await setMeta(trx, META.maxEventMs, String(longest));
    await setMeta(trx, META.guideUntil, String(to));
    await bumpGuideVersion(trx);
  });
  return rows.length;
}

/** Marks the guide as changed, so cached days are rebuilt. */
export async function bumpGuideVersion(db: Kysely<Database>): Promise<void> {
  const current = Number((await getMeta(db, META.guideVersion)) ?? 0);
  await setMeta(db, META.guideVersion, String(current + 1));
}

/** Puts every PPV programme without a package on sale (its own package and product). */
async function offerPpvEvents(deps: Deps): Promise<void> {
  const db = deps.db.kysely;
  const pending = await db
    .selectFrom('events')
    .select(['id', 'channelId', 'title', 'subtitle', 'startTime', 'endTime', 'ppvPriceCents'])
    .where('ppvPriceCents', 'is not', null)
    .where('packageId', 'is', null)
    .execute();
  if (pending.length === 0) return;
  const commerce = new CommerceService(deps);
  for (const e of pending) {
    const packageId = await commerce.ensurePpvOffer({
      eventId: e.id,
      channelId: e.channelId,
      title: e.title,
      subtitle: e.subtitle,
      startTime: e.startTime,
      endTime: e.endTime,
      priceCents: e.ppvPriceCents ?? 0,
    });
    await db.updateTable('events').set({ packageId }).where('id', '=', e.id).execute();
  }
}

/** Seeds the demo catalogue once, then keeps its guide current on every start. */
export async function seedCatalogue(deps: Deps): Promise<void> {
  const db = deps.db.kysely;
  const now = deps.clock.now();
  if ((await getMeta(db, META.seedVersion)) === undefined) {
    await db.transaction().execute((trx) => seedAll(trx, now));
  }
  await topUpGuide(db, now);
  await offerPpvEvents(deps);
}
