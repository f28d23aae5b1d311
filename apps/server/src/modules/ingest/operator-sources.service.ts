import type {
  IngestReport,
  NewIngestSource,
  OperatorSource,
  OperatorSourceChange,
  SourceFetch,
  SourceWarning,
} from '@pantalla/contracts';
import type { Actor } from '../../platform/audit.repository';
import type { Clock } from '../../platform/clock';
import type { ByteSource, SizeLimits } from './byte-source';
import type { FetchHistoryRepository } from './fetch-history.repository';
import type { GuideMappingService } from './guide-mapping.service';
import type { SourcesRepository } from './sources.repository';
import type { SourcesService } from './sources.service';
import type { IngestSourceRow, SourceFetchRow } from './tables';

/** A fetch row as the console reads it. */
export function toFetch(r: SourceFetchRow): SourceFetch {
  return {
    id: r.id,
    sourceId: r.sourceId,
    trigger: r.trigger,
    startedAt: Number(r.startedAt),
    finishedAt: r.finishedAt === null ? null : Number(r.finishedAt),
    outcome: r.outcome,
    httpStatus: r.httpStatus,
    etag: r.etag,
    lastModified: r.lastModified,
    bytes: Number(r.bytes),
    durationMs: r.durationMs,
    report: r.report ? (JSON.parse(r.report) as Omit<IngestReport, 'warnings'>) : null,
    warnings: JSON.parse(r.warnings) as SourceWarning[],
    error: r.error,
  };
}

/** The console's guide sources: sources with their last fetch, history, edits (audited), fetch now, upload. */
export class OperatorSourcesService {
  constructor(
    private readonly repo: SourcesRepository,
    private readonly history: FetchHistoryRepository,
    private readonly sources: SourcesService,
    readonly mappings: GuideMappingService,
    private readonly clock: Clock,
  ) {}

  private async withDetails(rows: readonly IngestSourceRow[]): Promise<OperatorSource[]> {
    const ids = rows.map((r) => r.id);
    const [last, unmatched] = await Promise.all([this.history.last(ids), this.mappings.unmatchedCounts(ids)]);
    return rows.map((s) => {
      const fetch = last.get(s.id);
      return {
        id: s.id,
        kind: s.kind,
        url: s.url,
        intervalMinutes: s.intervalMinutes,
        guideShiftMinutes: s.guideShiftMinutes,
        nextRunAt: Number(s.nextRunAt),
        lastFetch: fetch ? toFetch(fetch) : null,
        unmatched: unmatched.get(s.id) ?? 0,
      };
    });
  }

  /** A page of sources by id; `cursor` is the last id of the previous page. */
  async page(
    cursor: string | undefined,
    limit: number,
  ): Promise<{ items: OperatorSource[]; nextCursor: string | null }> {
    const after = cursor && /^\d{1,10}$/.test(cursor) ? Number(cursor) : 0;
    const rows = await this.repo.page(after, limit + 1);
    const items = await this.withDetails(rows.slice(0, limit));
    return { items, nextCursor: rows.length > limit ? String(items[items.length - 1]?.id) : null };
  }

  async find(id: number): Promise<OperatorSource | undefined> {
    const row = await this.repo.find(id);
    return row ? (await this.withDetails([row]))[0] : undefined;
  }

  /** Why this URL may not be a source, or null. */
  refusal(url: string): string | null {
    return this.sources.refusal(url);
  }

  async add(input: NewIngestSource, actor: Actor): Promise<OperatorSource> {
    const now = this.clock.now();
    const row = await this.repo.addAudited(
      {
        kind: input.kind,
        url: input.url,
        intervalMinutes: input.intervalMinutes,
        guideShiftMinutes: input.guideShiftMinutes,
        nextRunAt: now,
        createdAt: now,
      },
      actor,
    );
    return (await this.withDetails([row]))[0] as OperatorSource;
  }

  async update(id: number, changes: OperatorSourceChange, actor: Actor): Promise<OperatorSource | undefined> {
    const row = await this.repo.updateAudited(id, changes, actor, this.clock.now());
    return row ? (await this.withDetails([row]))[0] : undefined;
  }

  remove(id: number, actor: Actor): Promise<boolean> {
    return this.repo.removeAudited(id, actor, this.clock.now());
  }

  async fetches(id: number): Promise<SourceFetch[] | undefined> {
    if (!(await this.repo.find(id))) return undefined;
    return (await this.history.list(id)).map(toFetch);
  }

  async fetchNow(id: number, actor: Actor): Promise<SourceFetch | 'busy' | undefined> {
    const r = await this.sources.fetchInBackground(id, actor);
    return r === 'busy' || r === undefined ? r : toFetch(r);
  }

  async upload(
    id: number,
    body: ByteSource,
    limits: SizeLimits,
    actor: Actor,
  ): Promise<SourceFetch | 'busy' | undefined> {
    const r = await this.sources.upload(id, body, limits, actor);
    return r === 'busy' || r === undefined ? r : toFetch(r);
  }
}
