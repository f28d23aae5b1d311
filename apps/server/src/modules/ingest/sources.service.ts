import type { IngestReport, IngestRun, IngestSource, NewIngestSource } from '@pantalla/contracts';
import type { Clock } from '../../platform/clock';
import type { Log } from '../../platform/logging';
import { IngestTooLarge, OPERATOR_LIMITS } from './byte-source';
import type { DestinationPolicy } from './destination';
import type { IngestService } from './ingest.service';
import { IngestError } from './parsers/errors';
import { fetchSource } from './source-fetch';
import type { SourcesRepository } from './sources.repository';
import type { IngestRunRow, IngestSourceRow } from './tables';

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
  ) {}

  /** Why a source URL cannot be registered (a private, loopback or link-local host the operator has not allowed), or null. */
  refusal(url: string): string | null {
    return this.destinations.refusal(url);
  }

  async add(input: NewIngestSource): Promise<IngestSource> {
    // The route answers the refusal as a 400 first; the command line meets it here.
    const refusal = this.refusal(input.url);
    if (refusal) throw new IngestError(refusal);
    const now = this.clock.now();
    return toSource(await this.repo.add({ ...input, nextRunAt: now, createdAt: now }), undefined);
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
    return source ? this.run(source) : 'busy';
  }

  /** Runs every due source this process can take; answers the runs it made. */
  async runDue(): Promise<IngestRun[]> {
    const out: IngestRun[] = [];
    for (const id of await this.repo.due(this.clock.now())) {
      const now = this.clock.now();
      const source = await this.repo.claim(id, now, now + LEASE_MS, true);
      if (source) out.push(await this.run(source));
    }
    return out;
  }

  /** Looks for due sources every `tickMs` until stop(). */
  start(tickMs = SCHEDULE_TICK_MS): void {
    if (this.timer) return;
    const tick = () => {
      this.ticking ??= this.runDue()
        .then(() => undefined, (error: unknown) => this.log.error({ err: error }, 'ingest: programación fallida'))
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
  }

  private async run(source: IngestSourceRow): Promise<IngestRun> {
    const startedAt = this.clock.now();
    const nextRunAt = startedAt + source.intervalMinutes * 60_000;
    let row: Omit<IngestRunRow, 'id' | 'sourceId' | 'startedAt' | 'finishedAt'>;
    let validators: { etag?: string | null; lastModified?: string | null } = {};
    let httpStatus: number | null = null;
    try {
      const answer = await fetchSource(source.url, { etag: source.etag, lastModified: source.lastModified }, this.destinations);
      httpStatus = answer.status;
      if (answer.status === 304) row = { outcome: 'not-modified', httpStatus: 304, report: null, error: null };
      else if (!('body' in answer) || answer.status !== 200) {
        if ('body' in answer) answer.body.resume();
        row = { outcome: 'failed', httpStatus: answer.status, report: null, error: `El servidor de la fuente ha respondido ${answer.status}.` };
      } else {
        const report = await this.ingest.import(source.kind, answer.body, OPERATOR_LIMITS);
        row = { outcome: 'imported', httpStatus: 200, report: JSON.stringify(report), error: null };
        validators = { etag: answer.etag, lastModified: answer.lastModified };
      }
    } catch (error) {
      row = { outcome: 'failed', httpStatus, report: null, error: failureText(error) };
    }
    const saved = await this.repo.addRun({ sourceId: source.id, startedAt, finishedAt: this.clock.now(), ...row });
    await this.repo.release(source.id, { nextRunAt, ...validators });
    return toRun(saved);
  }
}
