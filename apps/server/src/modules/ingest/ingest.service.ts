import type { IngestFormat, IngestReport } from '@pantalla/contracts';
import type {
  ChannelChanges,
  GuideCounts,
  GuideWindow,
  ImportChannel,
  ImportProgramme,
  ImportWriter,
} from '../catalogue';
import { normalizeForSearch } from '../catalogue';
import { DEFAULT_LIMITS, fileBytes, type ByteSource, type SizeLimits } from './byte-source';
import { ChannelPlan, type PlannedChannel } from './channel-plan';
import { IngestError, problemText } from './parsers/errors';
import { m3uNotes } from './m3u-notes';
import { M3uStreamParser } from './parsers/m3u-reader';
import { spanishAgeRating } from './parsers/ratings';
import type { M3uChannel } from './parsers/m3u-types';
import { readXmltvBatches } from './parsers/xmltv-batches';
import type { XmltvSummary } from './parsers/xmltv-reader';
import type { GuideChannel, GuideProgramme } from './parsers/xmltv-types';
import { importInThread } from './ingest-thread-client';

const ADULT_CATEGORIES = new Set(['adultos', 'adulto', 'adult', 'xxx', 'erotico']);

/** Catch-up days of a channel whose list gives a mode but no catchup-days: IPTV Simple's default. */
export const DEFAULT_CATCHUP_DAYS = 5;

/** Age rating from an XMLTV rating value ('18', '+16', 'TP', 'TV-MA'...) and its system, on the Spanish scale. */
export function ageRatingOf(value: string, system: string | null = null): string {
  return spanishAgeRating(value, system) ?? 'TP';
}

/** A programme of a guide as the catalogue takes it (the console's staged programmes too). */
export function toProgramme(p: GuideProgramme): ImportProgramme {
  const credits = (kind: string) => p.credits.filter((c) => c.kind === kind).map((c) => c.name);
  const ageRating = ageRatingOf(p.rating, p.ratingSystem);
  return {
    startTime: p.start,
    endTime: p.stop,
    title: p.title,
    subtitle: p.subTitle,
    description: p.desc,
    // An 18 of any system is adult: behind the parental PIN.
    adult: p.categories.some((c) => ADULT_CATEGORIES.has(normalizeForSearch(c))) || ageRating === '18',
    ageRating,
    country: p.countries[0] ?? '',
    year: p.year,
    categories: p.categories,
    directors: credits('director'),
    actors: credits('actor'),
    imageUrl: p.icon ?? p.images[0]?.url ?? null,
    episodeNum: p.episode?.label ?? '',
    previouslyShown: p.previouslyShown,
    endUnknown: p.stopFrom === 'default',
  };
}

export interface IngestOptions {
  /** Programmes per replaceGuide() call: small enough that other requests wait little. */
  batchSize?: number;
  limits?: SizeLimits;
  /**
   * Where a thread can open the database (Db.address), and how readers hear of an import's
   * changes: imports then run in threads of their own. Without it (a database only this
   * thread reaches: SQLite in memory, PGlite) they run here.
   */
  thread?: { address: string; changed: () => void } | null;
}

/** How one import goes. */
export interface ImportChoices {
  /**
   * A guide channel that matches no channel: 'create' a channel for it (a guide alone makes its
   * channels: the demo, admin uploads, the CLI's files), or keep it 'aside' for mapping (no
   * stream-less channel that would play the demo clip); 'aside-after-list': aside once a list's
   * channels are stored (a guide source beside a list source, whichever of them runs first).
   */
  unmatchedGuideChannels?: 'create' | 'aside' | 'aside-after-list';
  /** A guide source's time shift: minutes every programme is moved, with its channel's tvg-shift. */
  guideShiftMinutes?: number;
}

/** Lets requests queued behind a batch run before the next one is parsed and written. */
const letOthersRun = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The running figures of one guide import. */
interface GuideRun {
  plan: ChannelPlan;
  /** The channels a guide id's programmes go to: its own, or every feed of it ('France2.fr@SD', '@HD'). */
  byXmltvId: Map<string, PlannedChannel[]>;
  /** Per channel, the end of the window written last: the next window starts there. */
  writtenTo: Map<number, number>;
  counts: { inserted: number; removed: number; unchanged: number };
  /** Batches sent to the writer and not yet answered, oldest first (at most the writer's `pending`). */
  writing: Promise<void>[];
  skipped: number;
  unknown: Set<string>;
  warnings: string[];
  /** Guide channels that matched no channel and were kept aside (ImportChoices). */
  aside: Set<string> | null;
  /** The source's guide shift in minutes (ImportChoices). */
  shiftMinutes: number;
}

/**
 * Imports XMLTV guides and M3U channel lists through the catalogue's batch API, streaming:
 * the file is read piece by piece (gunzipped on the way, sizes capped), parsed in slices
 * between which other requests run, and written in batches of programmes, each batch one
 * transaction. Problems of single programmes or entries are reported with their line and
 * the rest is imported; only a file that is not a guide or a list at all is refused.
 */
export class IngestService {
  private readonly batchSize: number;
  private readonly limits: SizeLimits;
  private readonly thread: IngestOptions['thread'];

  constructor(
    private readonly openWriter: () => ImportWriter,
    private readonly exclusive: <T>(name: string, fn: () => Promise<T>) => Promise<T>,
    options: IngestOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 1000;
    this.limits = options.limits ?? DEFAULT_LIMITS;
    this.thread = options.thread ?? null;
  }

  /** One import at a time across every process: two at once would race on the same channels. */
  import(
    format: IngestFormat,
    source: ByteSource,
    limits: SizeLimits = this.limits,
    choices: ImportChoices = {},
  ): Promise<IngestReport> {
    const { thread } = this;
    return this.exclusive('ingest', () =>
      thread
        ? importInThread({ address: thread.address, format, limits, choices }, source, thread.changed)
        : this.importHere(format, source, limits, choices),
    );
  }

  /** The import itself, on this thread (the import's own, or the server's when no other can reach the database). */
  async importHere(
    format: IngestFormat,
    source: ByteSource,
    limits: SizeLimits = this.limits,
    choices: ImportChoices = {},
  ): Promise<IngestReport> {
    const writer = this.openWriter();
    try {
      return await (format === 'xmltv'
        ? this.importXmltv(writer, source, limits, choices)
        : this.importM3u(writer, source, limits));
    } finally {
      await writer.close();
    }
  }

  private async importXmltv(
    writer: ImportWriter,
    source: ByteSource,
    limits: SizeLimits,
    choices: ImportChoices,
  ): Promise<IngestReport> {
    const stored = await writer.channels();
    const choice = choices.unmatchedGuideChannels ?? 'create';
    const aside =
      choice === 'aside' || (choice === 'aside-after-list' && stored.some((c) => c.streamSource === 'external'));
    const run: GuideRun = {
      plan: new ChannelPlan(stored),
      byXmltvId: new Map(),
      writtenTo: new Map(),
      counts: { inserted: 0, removed: 0, unchanged: 0 },
      writing: [],
      skipped: 0,
      unknown: new Set(),
      warnings: [],
      aside: aside ? new Set() : null,
      shiftMinutes: choices.guideShiftMinutes ?? 0,
    };
    let summary: XmltvSummary | null = null;
    try {
      for await (const batch of readXmltvBatches(fileBytes(source, limits), { batchSize: this.batchSize })) {
        for (const c of batch.channels) run.byXmltvId.set(c.id, planGuideChannel(run.plan, c, run.aside));
        await run.plan.save((b) => writer.saveChannels(b));
        await this.writeProgrammes(writer, run, batch.programmes);
        summary = batch.summary ?? summary;
        await letOthersRun();
      }
      for (const written of run.writing.splice(0)) await written;
      addCounts(run, await writer.finishGuide());
    } finally {
      await Promise.allSettled(run.writing);
      // What was written is shown, even when the file then failed (it stays written: batches are idempotent).
      writer.guideImported();
    }
    const s = summary as XmltvSummary;
    if (s.channels === 0 && s.programmes === 0)
      throw nothingToImport(s.problems.map(problemText), 'la guía no contiene ningún canal ni programa');
    return {
      format: 'xmltv',
      channels: run.plan.counts,
      // A same-start programme left out is counted once, as skipped.
      programmes: { ...run.counts, trimmed: s.trimmed, skipped: run.skipped + s.skipped },
      warnings: [...s.problems.filter((p) => p.code !== 'programme-overlap').map(problemText), ...run.warnings],
      problemsTotal: s.problemsTotal + run.unknown.size,
    };
  }

  /**
   * One batch of programmes, one window per channel, sent to the writer; the next batches
   * are parsed while it writes (a writer in a thread of its own works beside the parser).
   */
  private async writeProgrammes(
    writer: ImportWriter,
    run: GuideRun,
    programmes: readonly GuideProgramme[],
  ): Promise<void> {
    const windows = new Map<number, GuideWindow>();
    const done: GuideWindow[] = [];
    for (const p of programmes) {
      const targets = run.byXmltvId.get(p.channel) ?? guideTargets(run.plan, p.channel);
      const ids = targets.flatMap((c) => (c.id === null ? [] : [c.id]));
      if (ids.length === 0) {
        run.skipped++;
        if (!run.unknown.has(p.channel))
          run.warnings.push(
            run.aside?.has(p.channel)
              ? `Línea ${p.line}: el canal "${p.channel}" de la guía no es ningún canal de la lista; sus programas se apartan para asignarlo.`
              : `Línea ${p.line}: canal "${p.channel}" desconocido; se omiten sus programas.`,
          );
        run.unknown.add(p.channel);
        continue;
      }
      for (const c of targets) {
        if (c.id === null) continue;
        // tvg-shift and the source's shift: this channel's guide times are moved (the catch-up engine moves tvg-shift back).
        const shift = ((c.values.guideShiftMinutes ?? 0) + run.shiftMinutes) * 60_000;
        placeProgramme(windows, done, run, c.id, shift ? { ...p, start: p.start + shift, stop: p.stop + shift } : p);
      }
    }
    done.push(...windows.values());
    if (done.length === 0) return;
    for (const w of done) run.writtenTo.set(w.channelId, Math.max(w.to, run.writtenTo.get(w.channelId) ?? w.to));
    if (run.writing.length >= writer.pending) await run.writing.shift();
    const written = writer.replaceGuide(done).then((counts) => addCounts(run, counts));
    // Its failure is met when it is awaited, in order; until then it is not unhandled.
    written.catch(() => undefined);
    run.writing.push(written);
  }

  private async importM3u(writer: ImportWriter, source: ByteSource, limits: SizeLimits): Promise<IngestReport> {
    const parser = new M3uStreamParser();
    for await (const chunk of fileBytes(source, limits)) {
      parser.write(chunk);
      await letOthersRun();
    }
    const { channels: entries, summary, header } = parser.end();
    const notes = m3uNotes(entries, header);
    // Radios too: kept as audio channels, never listed among the TV channels.
    const channels = entries;
    const warnings = [...summary.problems.map(problemText), ...notes.warnings];
    if (channels.length === 0) throw nothingToImport(warnings, 'la lista no contiene ningún canal');
    const groups = [...new Set(channels.flatMap((c) => c.groups.slice(0, 1)))];
    const genreOf = groups.length > 0 ? await writer.ensureChannelGenres(groups) : new Map<string, number>();
    const stored = await writer.channels();
    const plan = new ChannelPlan(stored);
    const numbers = new ListNumbers(stored);
    const fileIds = new Set(channels.flatMap((c) => (c.tvgId ? [c.tvgId] : [])));
    for (const c of channels) {
      const group = c.groups[0];
      const found = plan.match(c.tvgId, [c.name, c.rawName, ...(c.tvgName ? [c.tvgName] : [])], {
        genreId: group ? (genreOf.get(group) ?? null) : null,
        urls: c.streams.map((s) => s.url),
        fileIds,
      });
      const wanted = { ...m3uFields(c, found?.values.channelGenreId ?? 1, genreOf), ...numbers.take(c, found?.id) };
      if (!found) plan.add({ name: c.name, ...wanted, tvgId: c.tvgId, guideSource: 'import' });
      else plan.change(found, { ...wanted, ...(c.tvgId && !found.values.tvgId ? { tvgId: c.tvgId } : {}) });
    }
    await plan.save((b) => writer.saveChannels(b));
    return {
      format: 'm3u',
      channels: plan.counts,
      programmes: { inserted: 0, removed: 0, unchanged: 0, trimmed: 0, skipped: 0 },
      warnings: [...warnings, ...numbers.clashes.slice(0, NUMBER_CLASHES_SHOWN)],
      problemsTotal: summary.problemsTotal + notes.total + numbers.clashes.length,
    };
  }
}

function addCounts(run: GuideRun, counts: GuideCounts): void {
  run.counts.inserted += counts.inserted;
  run.counts.removed += counts.removed;
  run.counts.unchanged += counts.unchanged;
}

/** Nothing in the file could be imported: the reason, with the first problems found. */
function nothingToImport(problems: string[], reason: string): IngestError {
  return new IngestError(problems.length > 0 ? `${reason}. ${problems.slice(0, 5).join(' ')}` : reason);
}

/** Adds a programme to its channel's window of this batch. */
function placeProgramme(
  windows: Map<number, GuideWindow>,
  done: GuideWindow[],
  run: GuideRun,
  id: number,
  p: GuideProgramme,
): void {
  let w = windows.get(id);
  // A programme placed late (listed out of order) gets a window of its own, so what lies between stays.
  const late = w !== undefined && p.start < w.to;
  if (late) done.push(w as GuideWindow);
  if (!w || late) {
    // From where the last window of this channel ended: what the file no longer has there goes.
    const from = late ? p.start : Math.min(run.writtenTo.get(id) ?? p.start, p.start);
    w = { channelId: id, from, to: p.stop, programmes: [] };
    windows.set(id, w);
  }
  w.programmes.push(toProgramme(p));
  if (p.stop > w.to) w.to = p.stop;
}

/** The channels of a guide id the file did not declare: the one with that id, else its feeds. */
function guideTargets(plan: ChannelPlan, guideId: string): PlannedChannel[] {
  const found = plan.match(guideId, []);
  return found ? [found] : plan.feedsOf(guideId);
}

/**
 * A channel the guide declares: matched by id, else the list's feeds of that id
 * ('France2.fr' → 'France2.fr@SD', 'France2.fr@HD'), else by name, else added.
 */
function planGuideChannel(plan: ChannelPlan, c: GuideChannel, aside: Set<string> | null): PlannedChannel[] {
  const feeds = plan.feedsOf(c.id);
  if (feeds.length > 0) {
    for (const feed of feeds) plan.change(feed, c.icon && !feed.values.logoUrl ? { logoUrl: c.icon } : {});
    return feeds;
  }
  const found = planOneGuideChannel(plan, c, aside === null);
  if (!found) aside?.add(c.id);
  return found ? [found] : [];
}

/** The channel a guide channel is; one added for it when `create`, else none. */
function planOneGuideChannel(plan: ChannelPlan, c: GuideChannel, create: boolean): PlannedChannel | null {
  const found = plan.match(
    c.id,
    c.names.map((n) => n.text),
  );
  if (!found && !create) return null;
  if (!found) return plan.add({ name: c.name, tvgId: c.id, logoUrl: c.icon, guideSource: 'import' });
  plan.change(found, {
    ...(found.values.tvgId ? {} : { tvgId: c.id }),
    ...(c.icon ? { logoUrl: c.icon } : {}),
    guideSource: 'import',
  });
  return found;
}

/** Clashes of a list's tvg-chno with stored channels shown in a report; the rest are counted. */
const NUMBER_CLASHES_SHOWN = 20;

/**
 * A list's tvg-chno as the channel's number, first come first served: a number another
 * stored channel has stays that channel's (reported), and one an earlier entry of the list
 * took stays that entry's (reported by m3uNotes); such a channel keeps the number it has.
 */
class ListNumbers {
  /** Number → the stored channel that has it. */
  private readonly holders = new Map<number, number>();
  private readonly listed = new Set<number>();
  readonly clashes: string[] = [];

  constructor(stored: readonly ImportChannel[]) {
    for (const c of stored) if (!this.holders.has(c.number)) this.holders.set(c.number, c.id);
  }

  /** The number change for the list's channel `c`, stored as `id` (null or undefined: a new one). */
  take(c: M3uChannel, id: number | null | undefined): { number?: number } {
    if (c.number === null || this.listed.has(c.number)) return {};
    this.listed.add(c.number);
    const holder = this.holders.get(c.number);
    if (holder !== undefined && holder !== id) {
      this.clashes.push(
        `Línea ${c.line}: el número de canal ${c.number} (tvg-chno) de "${c.name.slice(0, 80)}" ya lo tiene otro canal; se mantiene el de ese canal.`,
      );
      return {};
    }
    return { number: c.number };
  }
}

/** What an M3U channel sets: its external stream and alternates, its group, logo and catch-up. */
function m3uFields(c: M3uChannel, fallbackGenre: number, genreOf: ReadonlyMap<string, number>): ChannelChanges {
  const [first, ...alternates] = c.streams;
  const group = c.groups[0];
  const catchup = c.catchup?.mode ? c.catchup : null;
  return {
    streamSource: 'external',
    streamUrl: first?.url ?? null,
    streamProtocol: first?.protocol ?? 'hls',
    // An alternate's headers are kept beside its URL (a server fetching it sends them).
    alternateStreams:
      alternates.length > 0
        ? JSON.stringify(
            alternates.map((s) =>
              s.userAgent || s.referrer
                ? { url: s.url, userAgent: s.userAgent ?? null, referrer: s.referrer ?? null }
                : s.url,
            ),
          )
        : null,
    channelGenreId: group ? (genreOf.get(group) ?? fallbackGenre) : fallbackGenre,
    ...(c.logo ? { logoUrl: c.logo } : {}),
    catchupHours: catchup ? (catchup.days ?? DEFAULT_CATCHUP_DAYS) * 24 : 0,
    catchupMode: catchup?.mode ?? null,
    catchupSource: catchup?.source ?? null,
    kind: c.radio ? 'radio' : 'tv',
    guideShiftMinutes: Math.round(c.shiftHours * 60),
    // Kept so a server fetching the stream can send them; a browser cannot (the report says so).
    streamUserAgent: first?.userAgent ?? null,
    streamReferrer: first?.referrer ?? null,
  };
}
