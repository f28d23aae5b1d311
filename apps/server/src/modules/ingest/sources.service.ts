import type { IngestReport, IngestRun, IngestSource, NewIngestSource, UnmatchedGuideId } from '@pantalla/contracts';
import type { Actor } from '../../platform/audit.repository';
import type { Clock } from '../../platform/clock';
import type { Log } from '../../platform/logging';
import { IngestTooLarge, OPERATOR_LIMITS, type ByteSource, type SizeLimits } from './byte-source';
import type { DestinationPolicy } from './destination';
import type { FetchHistoryRepository, FetchOutcome } from './fetch-history.repository';
import type { GuideMappingService } from './guide-mapping.service';
import type { ImportChoices, IngestService } from './ingest.service';
import { IngestError } from './parsers/errors';
import { fetchSource } from './source-fetch';
import type { SourcesRepository } from './sources.repository';
import type { IngestRunRow, IngestSourceRow, SourceFetchRow } from './tables';

/** How long a run may hold its source before another process may take it over (a crashed holder). */
const LEASE_MS = 30 * 60_000;
/** How often a process looks for due sources. */
export const SCHEDULE_TICK_MS = 60_000;

const iso = (ms: number) => new Date(ms).toISOString();

function toRun(r: IngestRunRow): IngestRun {
  return {
    id: r.id,
    sourceId: r.sourceId,
    startedAt: iso(Number(r.startedAt)),
    finishedAt: iso(Number(r.finishedAt)),
    outcome: r.outcome,
    httpStatus: r.httpStatus,
    report: r.report ? (JSON.parse(r.report) as IngestReport) : null,
    error: r.error,
  };
}

const toSource = (s: IngestSourceRow, last: IngestRunRow | undefined): IngestSource => ({
  id: s.id,
  kind: s.kind,
  url: s.url,
  intervalMinutes: s.intervalMinutes,
  guideShiftMinutes: s.guideShiftMinutes,
  nextRunAt: iso(Number(s.nextRunAt)),
  lastRun: last ? toRun(last) : null,
});

/** Why a run failed, in a sentence for the operator. */
function failureText(error: unknown): string {
  if (error instanceof IngestTooLarge) return error.message;
  if (error instanceof IngestError) return `No se ha importado nada. ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Guide and channel-list URLs fetched on a schedule: conditional requests (ETag,
 * Last-Modified), gzip, every run's outcome kept. Each run takes its source's lease row
 * first, so with several processes each due source runs once.
 */
export class SourcesService {
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;

  constructor(
    private readonly repo: SourcesRepository,
    private readonly ingest: IngestService,
    private readonly clock: Clock,
    private readonly log: Log,
    private readonly destinations: DestinationPolicy,
    private readonly history: FetchHistoryRepository,
    private readonly mappings: GuideMappingService,
  ) {}

  /** Fetches an operator started that still run in the background (awaited by stop()). */
  private readonly background = new Set<Promise<unknown>>();

  /** Why a source URL cannot be registered (a private, loopback or link-local host the operator has not allowed), or null. */
  refusal(url: string): string | null {
    return this.destinations.refusal(url);
  }

  async add(input: Omit<NewIngestSource, 'guideShiftMinutes'> & { guideShiftMinutes?: number }): Promise<IngestSource> {
    // The route answers the refusal as a 400 first; the command line meets it here.
    const refusal = this.refusal(input.url);
    if (refusal) throw new IngestError(refusal);
    const now = this.clock.now();
    return toSource(
      await this.repo.add({
        ...input,
        guideShiftMinutes: input.guideShiftMinutes ?? 0,
        nextRunAt: now,
        createdAt: now,
      }),
      undefined,
    );
  }

  async list(): Promise<IngestSource[]> {
    const [sources, last] = await Promise.all([this.repo.list(), this.repo.lastRuns()]);
    return sources.map((s) => toSource(s, last.get(s.id)));
  }

  async find(id: number): Promise<IngestSource | undefined> {
    const s = await this.repo.find(id);
    return s ? toSource(s, (await this.repo.runs(id, 1))[0]) : undefined;
  }

  remove(id: number): Promise<boolean> {
    return this.repo.remove(id);
  }

  /** Sets a source's guide time shift (minutes); undefined when it does not exist. */
  async setGuideShift(id: number, minutes: number): Promise<IngestSource | undefined> {
    const s = await this.repo.setGuideShift(id, minutes);
    return s ? toSource(s, (await this.repo.runs(id, 1))[0]) : undefined;
  }

  async runs(id: number, limit = 50): Promise<IngestRun[]> {
    return (await this.repo.runs(id, limit)).map(toRun);
  }

  /**
   * Runs one source now, due or not. Undefined when it does not exist; 'busy' when a run of
   * it is under way (here or in another process).
   */
  async runNow(id: number): Promise<IngestRun | 'busy' | undefined> {
    if (!(await this.repo.find(id))) return undefined;
    const now = this.clock.now();
    const source = await this.repo.claim(id, now, now + LEASE_MS, false);
    return source ? this.run(source, await this.history.start(this.fetchRow(source.id, 'operator'), null)) : 'busy';
  }

  /**
   * An operator's "fetch now": the source is taken and its fetch recorded (audited) before
   * this returns; the download and import go on in the background.
   */
  async fetchInBackground(id: number, actor: Actor): Promise<SourceFetchRow | 'busy' | undefined> {
    if (!(await this.repo.find(id))) return undefined;
    const now = this.clock.now();
    const source = await this.repo.claim(id, now, now + LEASE_MS, false);
    if (!source) return 'busy';
    let fetch: SourceFetchRow;
    try {
      fetch = await this.history.start(this.fetchRow(id, 'operator'), {
        actor,
        change: { action: 'source.fetch', subjectType: 'source', subjectId: id },
      });
    } catch (error) {
      await this.repo.release(id, { nextRunAt: source.nextRunAt });
      throw error;
    }
    const running = this.run(source, fetch)
      .catch((error: unknown) => this.log.error({ err: error }, 'ingest: descarga fallida'))
      .finally(() => this.background.delete(running));
    this.background.add(running);
    return fetch;
  }

  /**
   * A file an operator uploads for a source, imported as it arrives (the source is held
   * meanwhile, so no scheduled fetch runs beside it; its schedule stays as it was).
   */
  async upload(
    id: number,
    body: ByteSource,
    limits: SizeLimits,
    actor: Actor,
  ): Promise<SourceFetchRow | 'busy' | undefined> {
    if (!(await this.repo.find(id))) return undefined;
    const now = this.clock.now();
    const source = await this.repo.claim(id, now, now + LEASE_MS, false);
    if (!source) return 'busy';
    try {
      const fetch = await this.history.start(this.fetchRow(id, 'upload'), {
        actor,
        change: { action: 'source.upload', subjectType: 'source', subjectId: id },
      });
      const started = performance.now();
      const choices = await this.choicesFor(source);
      const stager = await this.mappings.stager(source.kind, limits, choices);
      let outcome: FetchOutcome;
      try {
        const report = await this.ingest.import(source.kind, stager.wrap(body), limits, choices);
        await this.afterImport(source, stager);
        outcome = this.imported(report, { status: null, etag: null, lastModified: null }, stager.bytes, started);
      } catch (error) {
        outcome = this.failed(error, null, stager.bytes, started);
        await this.history.finish(fetch.id, outcome);
        throw error;
      }
      return (await this.history.finish(fetch.id, outcome)) ?? fetch;
    } finally {
      await this.repo.release(id, { nextRunAt: source.nextRunAt });
    }
  }

  private fetchRow(sourceId: number, trigger: SourceFetchRow['trigger']) {
    return {
      sourceId,
      trigger,
      startedAt: this.clock.now(),
      finishedAt: null,
      outcome: 'running' as const,
      httpStatus: null,
      etag: null,
      lastModified: null,
      bytes: 0,
      durationMs: null,
      report: null,
      warnings: '[]',
      error: null,
    };
  }

  private imported(
    report: IngestReport,
    answer: { status: number | null; etag: string | null; lastModified: string | null },
    bytes: number,
    started: number,
  ): FetchOutcome {
    const { warnings, ...rest } = report;
    return {
      finishedAt: this.clock.now(),
      outcome: 'imported',
      httpStatus: answer.status,
      etag: answer.etag,
      lastModified: answer.lastModified,
      bytes,
      durationMs: Math.round(performance.now() - started),
      report: JSON.stringify(rest),
      warnings: JSON.stringify(warnings.map(warningOf)),
      error: null,
    };
  }

  private failed(error: unknown, status: number | null, bytes: number, started: number): FetchOutcome {
    return {
      finishedAt: this.clock.now(),
      outcome: 'failed',
      httpStatus: status,
      etag: null,
      lastModified: null,
      bytes,
      durationMs: Math.round(performance.now() - started),
      report: null,
      warnings: '[]',
      error: failureText(error),
    };
  }

  /**
   * A guide source beside a channel-list source is paired with it: once the list's channels are
   * stored, a guide channel matching none of them is kept aside for mapping, not made a
   * stream-less channel (issue 31, item 6). A guide source alone makes its channels, as an
   * uploaded guide does.
   */
  private async choicesFor(source: IngestSourceRow): Promise<ImportChoices> {
    if (source.kind !== 'xmltv') return {};
    const lists = (await this.repo.list()).some((s) => s.kind === 'm3u');
    const shift = source.guideShiftMinutes ? { guideShiftMinutes: source.guideShiftMinutes } : {};
    return lists ? { unmatchedGuideChannels: 'aside-after-list', ...shift } : shift;
  }

  /** The guide ids of a source's last import that matched no channel and have no mapping, by id. */
  unmatched(sourceId: number, after: string | null = null, limit = 100): Promise<UnmatchedGuideId[]> {
    return this.mappings.unmatched(sourceId, after, limit);
  }

  /** Stages a guide's unmatched programmes and attaches the mapped ones; a failure here never fails the import. */
  private async afterImport(
    source: IngestSourceRow,
    stager: Awaited<ReturnType<GuideMappingService['stager']>>,
  ): Promise<void> {
    if (source.kind !== 'xmltv') return;
    await this.mappings
      .afterImport(source.id, stager)
      .catch((error: unknown) => this.log.error({ err: error }, 'ingest: programas sin canal no guardados'));
  }

  /** Runs every due source this process can take; answers the runs it made. */
  async runDue(): Promise<IngestRun[]> {
    const out: IngestRun[] = [];
    await this.history.failAbandoned(this.clock.now());
    for (const id of await this.repo.due(this.clock.now())) {
      const now = this.clock.now();
      const source = await this.repo.claim(id, now, now + LEASE_MS, true);
      if (source)
        out.push(await this.run(source, await this.history.start(this.fetchRow(source.id, 'schedule'), null)));
    }
    return out;
  }

  /** Looks for due sources every `tickMs` until stop(). */
  start(tickMs = SCHEDULE_TICK_MS): void {
    if (this.timer) return;
    const tick = () => {
      this.ticking ??= this.runDue()
        .then(
          () => undefined,
          (error: unknown) => this.log.error({ err: error }, 'ingest: programación fallida'),
        )
        .finally(() => (this.ticking = null));
    };
    this.timer = setInterval(tick, tickMs);
    this.timer.unref();
    tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
    await Promise.allSettled([...this.background]);
  }

  private async run(source: IngestSourceRow, fetch: SourceFetchRow): Promise<IngestRun> {
    const startedAt = this.clock.now();
    const started = performance.now();
    const nextRunAt = startedAt + source.intervalMinutes * 60_000;
    let row: Omit<IngestRunRow, 'id' | 'sourceId' | 'startedAt' | 'finishedAt'>;
    let outcome: FetchOutcome;
    let validators: { etag?: string | null; lastModified?: string | null } = {};
    let httpStatus: number | null = null;
    const choices = await this.choicesFor(source);
    const stager = await this.mappings.stager(source.kind, OPERATOR_LIMITS, choices);
    try {
      const answer = await fetchSource(
        source.url,
        { etag: source.etag, lastModified: source.lastModified },
        this.destinations,
      );
      httpStatus = answer.status;
      if (answer.status === 304) {
        row = { outcome: 'not-modified', httpStatus: 304, report: null, error: null };
        outcome = {
          ...this.failed(null, 304, 0, started),
          outcome: 'not-modified',
          etag: source.etag,
          lastModified: source.lastModified,
          error: null,
        };
      } else if (!('body' in answer) || answer.status !== 200) {
        if ('body' in answer) answer.body.resume();
        row = {
          outcome: 'failed',
          httpStatus: answer.status,
          report: null,
          error: `El servidor de la fuente ha respondido ${answer.status}.`,
        };
        outcome = { ...this.failed(null, answer.status, 0, started), error: row.error };
      } else {
        const report = await this.ingest.import(source.kind, stager.wrap(answer.body), OPERATOR_LIMITS, choices);
        await this.afterImport(source, stager);
        row = { outcome: 'imported', httpStatus: 200, report: JSON.stringify(report), error: null };
        validators = { etag: answer.etag, lastModified: answer.lastModified };
        outcome = this.imported(
          report,
          { status: 200, etag: answer.etag, lastModified: answer.lastModified },
          stager.bytes,
          started,
        );
      }
    } catch (error) {
      row = { outcome: 'failed', httpStatus, report: null, error: failureText(error) };
      outcome = this.failed(error, httpStatus, stager.bytes, started);
    }
    const saved = await this.repo.addRun({ sourceId: source.id, startedAt, finishedAt: this.clock.now(), ...row });
    await this.history.finish(fetch.id, outcome);
    await this.repo.release(source.id, { nextRunAt, ...validators });
    return toRun(saved);
  }
}

/** A report's warning ('Línea 12: …') as its line and its text. */
export function warningOf(text: string): { line: number | null; message: string } {
  const m = /^Línea (\d+): ([\s\S]*)$/.exec(text);
  return m ? { line: Number(m[1]), message: m[2] as string } : { line: null, message: text };
}
