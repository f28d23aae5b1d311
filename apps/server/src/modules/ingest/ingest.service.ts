import { gunzipSync } from 'node:zlib';
import { FINGERPRINT_STYLE_DEFAULTS, type IngestFormat, type IngestReport } from '@pantalla/contracts';
import type { Insertable, Transaction } from 'kysely';
import type { Database } from '../../database-schema';
import type { Deps } from '../../platform/module';
import { catalogueServices } from '../catalogue';
import { normalizeForSearch } from '../catalogue/search-text';
import { clipKeyFor } from '../catalogue/seed/prng';
import type { ChannelRow, EventRow, EventTable, GenreRow } from '../catalogue/tables';
import { PACKAGE_IDS } from '../commerce';
import { IngestError } from './parsers/errors';
import { parseM3u, type M3uEntry } from './parsers/m3u';
import { parseXmltv, type XmltvProgramme } from './parsers/xmltv';
import { IngestRepository } from './ingest.repository';

/** Bytes of a file, possibly gzip: gunzipped when it starts with the gzip magic number. */
export function decodeFile(data: Buffer | string): string {
  if (typeof data === 'string') return data;
  if (data.length >= 2 && data[0] === 0x1f && data[1] === 0x8b) {
    try {
      return gunzipSync(data, { maxOutputLength: 512 * 1024 * 1024 }).toString('utf8');
    } catch {
      throw new IngestError('el archivo gzip está dañado');
    }
  }
  return data.toString('utf8');
}

const ADULT_CATEGORIES = new Set(['adultos', 'adulto', 'adult', 'xxx', 'erotico']);
const AGE_RATINGS = new Set(['7', '12', '16', '18']);

/** Age rating from an XMLTV rating value ('18', '+16', 'TP'...). */
export function ageRatingOf(value: string): string {
  const digits = /(\d{1,2})/.exec(value)?.[1];
  return digits && AGE_RATINGS.has(digits) ? digits : 'TP';
}

type Counts = IngestReport['channels'];

/** Imports XMLTV guides and M3U channel lists into the catalogue, idempotently and all-or-nothing. */
export class IngestService {
  private readonly repo: IngestRepository;

  constructor(private readonly deps: Deps) {
    this.repo = new IngestRepository(deps.db);
  }

  async import(format: IngestFormat, data: Buffer | string): Promise<IngestReport> {
    const text = decodeFile(data);
    const report = format === 'xmltv' ? await this.importXmltv(text) : await this.importM3u(text);
    catalogueServices(this.deps).catalogue.reference.invalidate();
    return report;
  }

  private channelIndex(channels: ChannelRow[]) {
    const byTvg = new Map<string, ChannelRow>();
    const byName = new Map<string, ChannelRow>();
    for (const c of channels) {
      if (c.tvgId) byTvg.set(c.tvgId, c);
      const key = normalizeForSearch(c.name);
      if (!byName.has(key)) byName.set(key, c);
    }
    return {
      /** tvg-id first, then any of the names. */
      match(tvgId: string | null, names: string[]): ChannelRow | undefined {
        if (tvgId && byTvg.has(tvgId)) return byTvg.get(tvgId);
        for (const n of names) {
          const hit = byName.get(normalizeForSearch(n));
          if (hit && (!tvgId || !hit.tvgId)) return hit;
        }
        return undefined;
      },
      add(c: ChannelRow) {
        if (c.tvgId) byTvg.set(c.tvgId, c);
        byName.set(normalizeForSearch(c.name), c);
      },
    };
  }

  private newChannel(id: number, number: number, name: string, now: number): ChannelRow {
    return {
      id,
      name,
      description: '',
      number,
      tvgId: null,
      channelGenreId: 1,
      parental: 2,
      isAdult: 0,
      tstv: 0,
      epg: 1,
      catchupHours: 0,
      catchupMode: null,
      catchupSource: null,
      fingerprint: 0,
      fingerprintFrequency: 300,
      fingerprintDuration: 30,
      fingerprintPosition: 'random',
      fingerprintFontSize: FINGERPRINT_STYLE_DEFAULTS.fontSize,
      fingerprintColor: FINGERPRINT_STYLE_DEFAULTS.color,
      fingerprintBackground: FINGERPRINT_STYLE_DEFAULTS.background,
      streamSource: 'origin',
      streamUrl: null,
      streamProtocol: 'dash',
      clipKey: clipKeyFor(0, id),
      logoUrl: null,
      packageId: PACKAGE_IDS.basic,
      guideSource: 'import',
      searchTitle: normalizeForSearch(name),
      updatedAt: now,
    };
  }

  private async createChannel(trx: Transaction<Database>, all: ChannelRow[], row: ChannelRow): Promise<void> {
    await this.repo.insertChannel(trx, row);
    all.push(row);
  }

  // ------------------------------------------------------------------ XMLTV

  async importXmltv(text: string): Promise<IngestReport> {
    const guide = parseXmltv(text);
    const now = this.deps.clock.now();
    return this.repo.transaction(async (trx) => {
      const channels = await this.repo.channels(trx);
      const index = this.channelIndex(channels);
      const counts: Counts = { created: 0, updated: 0, unchanged: 0 };
      const warnings = [...guide.warnings];
      const byXmltvId = new Map<string, ChannelRow>();
      for (const c of guide.channels) {
        let row = index.match(c.id, c.names);
        if (!row) {
          const id = Math.max(0, ...channels.map((x) => x.id)) + 1;
          row = { ...this.newChannel(id, Math.max(0, ...channels.map((x) => x.number)) + 1, c.names[0] as string, now), tvgId: c.id, logoUrl: c.icon };
          await this.createChannel(trx, channels, row);
          index.add(row);
          counts.created++;
        } else {
          const set: Partial<ChannelRow> = {};
          if (!row.tvgId) set.tvgId = c.id;
          if (c.icon && c.icon !== row.logoUrl) set.logoUrl = c.icon;
          if (row.guideSource !== 'import') set.guideSource = 'import';
          if (Object.keys(set).length > 0) {
            await this.repo.updateChannel(trx, row.id, { ...set, updatedAt: now });
            row = { ...row, ...set };
            counts.updated++;
          } else counts.unchanged++;
        }
        byXmltvId.set(c.id, row);
      }
      const genres = await this.repo.genres(trx);
      const genreByName = new Map<string, GenreRow>();
      // Sections win over subgenres of the same name ('Cine' is the section, not AMC's Cine).
      for (const g of [...genres].sort((a, b) => (a.parentId === null ? 0 : 1) - (b.parentId === null ? 0 : 1))) {
        const key = normalizeForSearch(g.name);
        if (!genreByName.has(key)) genreByName.set(key, g);
      }
      const programmes = { inserted: 0, removed: 0, unchanged: 0, trimmed: guide.trimmed, skipped: 0 };
      const perChannel = new Map<number, XmltvProgramme[]>();
      const unknown = new Set<string>();
      for (const p of guide.programmes) {
        const row = byXmltvId.get(p.channel) ?? index.match(p.channel, []);
        if (!row) {
          programmes.skipped++;
          if (!unknown.has(p.channel)) warnings.push(`Línea ${p.line}: canal "${p.channel}" desconocido; se omiten sus programas.`);
          unknown.add(p.channel);
          continue;
        }
        perChannel.set(row.id, [...(perChannel.get(row.id) ?? []), p]);
      }
      let nextId = (await this.repo.maxEventId(trx)) + 1;
      let longest = 0;
      for (const [channelId, list] of perChannel) {
        const from = Math.min(...list.map((p) => p.start));
        const to = Math.max(...list.map((p) => p.stop));
        const existing = await this.repo.eventsOverlapping(trx, channelId, from, to);
        const byStart = new Map(existing.map((e) => [e.startTime, e]));
        const kept = new Set<number>();
        const inserts: Insertable<EventTable>[] = [];
        for (const p of list) {
          longest = Math.max(longest, p.stop - p.start);
          const fields = this.eventFields(p, genreByName);
          const old = byStart.get(p.start);
          if (old) {
            kept.add(old.id);
            if (sameEvent(old, fields)) programmes.unchanged++;
            else {
              await this.repo.updateEvent(trx, old.id, fields);
              programmes.inserted++;
              programmes.removed++;
            }
          } else {
            inserts.push({ id: nextId++, channelId, startTime: p.start, ...fields });
            programmes.inserted++;
          }
        }
        const stale = existing.filter((e) => !kept.has(e.id)).map((e) => e.id);
        await this.repo.deleteEvents(trx, stale);
        programmes.removed += stale.length;
        await this.repo.insertEvents(trx, inserts);
      }
      if (programmes.inserted + programmes.removed > 0) await this.repo.guideChanged(trx, longest);
      return { format: 'xmltv' as const, channels: counts, programmes, warnings };
    });
  }

  private eventFields(p: XmltvProgramme, genreByName: Map<string, GenreRow>): Omit<Insertable<EventTable>, 'id' | 'channelId' | 'startTime'> {
    const genre = p.categories.map((c) => genreByName.get(normalizeForSearch(c))).find((g) => g !== undefined);
    const adult = p.categories.some((c) => ADULT_CATEGORIES.has(normalizeForSearch(c))) || /^x+$/i.test(p.rating.trim());
    const parental = adult ? 7 : 2;
    return {
      endTime: p.stop,
      title: p.title,
      subtitle: p.subTitle,
      description: p.desc,
      parental,
      rating: parental,
      ageRating: adult ? '18' : ageRatingOf(p.rating),
      country: p.country,
      year: p.year,
      genreId: genre?.id ?? null,
      sectionId: genre ? (genre.parentId ?? genre.id) : null,
      categories: JSON.stringify(p.categories),
      director: p.directors.join(', '),
      actors: JSON.stringify(p.actors.slice(0, 8).map((name) => ({ name, url: null }))),
      languages: JSON.stringify([{ language: 'es', title: p.title, subtitle: p.subTitle, description: p.desc }]),
      imageUrl: p.icon,
      posterUrl: p.icon,
      episodeNum: p.episodeNum,
      packageId: null,
      ppvPriceCents: null,
      featured: 0,
      source: 'import',
      searchTitle: normalizeForSearch(p.title),
      searchText: normalizeForSearch(`${p.title} ${p.subTitle} ${p.desc}`),
    };
  }

  // ------------------------------------------------------------------ M3U

  async importM3u(text: string): Promise<IngestReport> {
    const entries = parseM3u(text);
    const now = this.deps.clock.now();
    return this.repo.transaction(async (trx) => {
      const channels = await this.repo.channels(trx);
      const index = this.channelIndex(channels);
      const genres = await this.repo.channelGenres(trx);
      const genreByName = new Map(genres.map((g) => [normalizeForSearch(g.name), g.id]));
      let nextGenreId = Math.max(0, ...genres.map((g) => g.id)) + 1;
      const counts: Counts = { created: 0, updated: 0, unchanged: 0 };
      const genreFor = async (group: string | null, fallback: number): Promise<number> => {
        if (!group) return fallback;
        const key = normalizeForSearch(group);
        const found = genreByName.get(key);
        if (found !== undefined) return found;
        const id = nextGenreId++;
        await this.repo.insertChannelGenre(trx, id, group);
        genreByName.set(key, id);
        return id;
      };
      for (const e of entries) {
        const names = [e.name, ...(e.tvgName ? [e.tvgName] : [])];
        const row = index.match(e.tvgId, names);
        const wanted = await this.m3uFields(e, row, genreFor);
        if (!row) {
          const id = Math.max(0, ...channels.map((x) => x.id)) + 1;
          const created = { ...this.newChannel(id, Math.max(0, ...channels.map((x) => x.number)) + 1, e.name, now), ...wanted, tvgId: e.tvgId };
          await this.createChannel(trx, channels, created);
          index.add(created);
          counts.created++;
          continue;
        }
        const set: Partial<ChannelRow> = {};
        for (const [key, value] of Object.entries(wanted) as [keyof ChannelRow, ChannelRow[keyof ChannelRow]][]) {
          if (row[key] !== value) (set as Record<string, unknown>)[key] = value;
        }
        if (e.tvgId && !row.tvgId) set.tvgId = e.tvgId;
        if (Object.keys(set).length === 0) {
          counts.unchanged++;
          continue;
        }
        await this.repo.updateChannel(trx, row.id, { ...set, updatedAt: now });
        Object.assign(row, set);
        counts.updated++;
      }
      return { format: 'm3u' as const, channels: counts, programmes: { inserted: 0, removed: 0, unchanged: 0, trimmed: 0, skipped: 0 }, warnings: [] };
    });
  }

  private async m3uFields(e: M3uEntry, row: ChannelRow | undefined, genreFor: (group: string | null, fallback: number) => Promise<number>): Promise<Partial<ChannelRow>> {
    const out: Partial<ChannelRow> = {
      streamSource: 'external',
      streamUrl: e.url,
      streamProtocol: e.protocol,
      channelGenreId: await genreFor(e.group, row?.channelGenreId ?? 1),
    };
    if (e.logo) out.logoUrl = e.logo;
    if (e.catchupDays !== null) out.catchupHours = e.catchupDays * 24;
    if (e.catchup) out.catchupMode = e.catchup;
    if (e.catchupSource) out.catchupSource = e.catchupSource;
    return out;
  }
}

const COMPARED: (keyof EventRow)[] = ['endTime', 'title', 'subtitle', 'description', 'parental', 'ageRating', 'country', 'year', 'genreId', 'sectionId', 'categories', 'director', 'actors', 'imageUrl', 'episodeNum'];

function sameEvent(old: EventRow, fields: Omit<Insertable<EventTable>, 'id' | 'channelId' | 'startTime'>): boolean {
  return COMPARED.every((k) => (old[k] ?? null) === ((fields as Record<string, unknown>)[k] ?? null));
}
