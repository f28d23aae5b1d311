import type { Generated, Insertable, Selectable } from 'kysely';

/** A guide or channel-list URL fetched on a schedule. */
export interface IngestSourceTable {
  id: Generated<number>;
  kind: 'xmltv' | 'm3u';
  url: string;
  intervalMinutes: number;
  /** The validators of the last answer, sent back so an unchanged file answers 304. */
  etag: string | null;
  lastModified: string | null;
  nextRunAt: number;
  /** A process running the source holds it until then (epoch ms); 0 when free. */
  leaseUntil: number;
  createdAt: number;
}

/** One fetch of a source and its outcome, kept for the operator. */
export interface IngestRunTable {
  id: Generated<number>;
  sourceId: number;
  startedAt: number;
  finishedAt: number;
  outcome: 'imported' | 'not-modified' | 'failed';
  httpStatus: number | null;
  /** The import report as JSON. */
  report: string | null;
  error: string | null;
}

export interface IngestTables {
  ingestSources: IngestSourceTable;
  ingestRuns: IngestRunTable;
}

export type IngestSourceRow = Selectable<IngestSourceTable>;
export type IngestRunRow = Selectable<IngestRunTable>;
export type NewIngestRun = Insertable<IngestRunTable>;
