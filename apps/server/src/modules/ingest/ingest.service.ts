import { gunzipSync } from 'node:zlib';
import type { IngestFormat, IngestReport } from '@pantalla/contracts';
import type { CatalogueImports, GuideWindow, ImportProgramme } from '../catalogue';
import { normalizeForSearch } from '../catalogue';
import { ChannelPlan, type PlannedChannel } from './channel-plan';
import { IngestError } from './parsers/errors';
import { parseM3u, type M3uEntry } from './parsers/m3u';
import { parseXmltv, type XmltvProgramme } from './parsers/xmltv';

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

/** A programme of an XMLTV file as the catalogue takes it. */
function toProgramme(p: XmltvProgramme): ImportProgramme {
  return {
    startTime: p.start,
    endTime: p.stop,
    title: p.title,
    subtitle: p.subTitle,
    description: p.desc,
    adult: p.categories.some((c) => ADULT_CATEGORIES.has(normalizeForSearch(c))) || /^x+$/i.test(p.rating.trim()),
    ageRating: ageRatingOf(p.rating),
    country: p.country,
    year: p.year,
    categories: p.categories,
    directors: p.directors,
    actors: p.actors,
    imageUrl: p.icon,
    episodeNum: p.episodeNum,
  };
}

const NO_PROGRAMMES: IngestReport['programmes'] = { inserted: 0, removed: 0, unchanged: 0, trimmed: 0, skipped: 0 };

/**
 * Imports XMLTV guides and M3U channel lists through the catalogue's batch API: the file is
 * parsed whole first (a bad line refuses it before anything is written), then its channels
 * are saved in one batch and its programmes in another, idempotently.
 */
export class IngestService {
  constructor(private readonly catalogue: CatalogueImports) {}

  async import(format: IngestFormat, data: Buffer | string): Promise<IngestReport> {
    const text = decodeFile(data);
    return format === 'xmltv' ? this.importXmltv(text) : this.importM3u(text);
  }

  async importXmltv(text: string): Promise<IngestReport> {
    const guide = parseXmltv(text);
    const plan = new ChannelPlan(await this.catalogue.channels());
    const byXmltvId = new Map<string, PlannedChannel>();
    for (const c of guide.channels) {
      const found = plan.match(c.id, c.names);
      if (!found) {
        byXmltvId.set(c.id, plan.add({ name: c.names[0] as string, tvgId: c.id, logoUrl: c.icon, guideSource: 'import' }));
        continue;
      }
      plan.change(found, { ...(found.values.tvgId ? {} : { tvgId: c.id }), ...(c.icon ? { logoUrl: c.icon } : {}), guideSource: 'import' });
      byXmltvId.set(c.id, found);
    }
    plan.saved(await this.catalogue.saveChannels(plan.batch()));

    const warnings = [...guide.warnings];
    const skipped = new Set<string>();
    const perChannel = new Map<number, XmltvProgramme[]>();
    let skippedCount = 0;
    for (const p of guide.programmes) {
      const id = (byXmltvId.get(p.channel) ?? plan.match(p.channel, []))?.id ?? null;
      if (id === null) {
        skippedCount++;
        if (!skipped.has(p.channel)) warnings.push(`Línea ${p.line}: canal "${p.channel}" desconocido; se omiten sus programas.`);
        skipped.add(p.channel);
        continue;
      }
      perChannel.set(id, [...(perChannel.get(id) ?? []), p]);
    }
    const windows: GuideWindow[] = [...perChannel].map(([channelId, list]) => ({
      channelId,
      from: Math.min(...list.map((p) => p.start)),
      to: Math.max(...list.map((p) => p.stop)),
      programmes: list.map(toProgramme),
    }));
    const counts = await this.catalogue.replaceGuide(windows);
    return { format: 'xmltv', channels: plan.counts, programmes: { ...counts, trimmed: guide.trimmed, skipped: skippedCount }, warnings };
  }

  async importM3u(text: string): Promise<IngestReport> {
    const entries = parseM3u(text);
    const groups = [...new Set(entries.flatMap((e) => (e.group ? [e.group] : [])))];
    const genreOf = groups.length > 0 ? await this.catalogue.ensureChannelGenres(groups) : new Map<string, number>();
    const plan = new ChannelPlan(await this.catalogue.channels());
    for (const e of entries) {
      const found = plan.match(e.tvgId, [e.name, ...(e.tvgName ? [e.tvgName] : [])]);
      const wanted = m3uFields(e, found?.values.channelGenreId ?? 1, genreOf);
      if (!found) plan.add({ name: e.name, ...wanted, tvgId: e.tvgId, guideSource: 'import' });
      else plan.change(found, { ...wanted, ...(e.tvgId && !found.values.tvgId ? { tvgId: e.tvgId } : {}) });
    }
    plan.saved(await this.catalogue.saveChannels(plan.batch()));
    return { format: 'm3u', channels: plan.counts, programmes: NO_PROGRAMMES, warnings: [] };
  }
}

/** What an M3U entry sets on its channel: the external stream, its group, logo and catch-up. */
function m3uFields(e: M3uEntry, fallbackGenre: number, genreOf: ReadonlyMap<string, number>) {
  return {
    streamSource: 'external' as const,
    streamUrl: e.url,
    streamProtocol: e.protocol,
    channelGenreId: e.group ? (genreOf.get(e.group) ?? fallbackGenre) : fallbackGenre,
    ...(e.logo ? { logoUrl: e.logo } : {}),
    ...(e.catchupDays !== null ? { catchupHours: e.catchupDays * 24 } : {}),
    ...(e.catchup ? { catchupMode: e.catchup } : {}),
    ...(e.catchupSource ? { catchupSource: e.catchupSource } : {}),
  };
}
