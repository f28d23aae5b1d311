import type { Generated, Insertable, Selectable } from 'kysely';

/** A guide or channel-list URL fetched on a schedule. */
export interface IngestSourceTable {
  id: Generated<number>;
  kind: 'xmltv' | 'm3u';
  url: string;
  intervalMinutes: number;
  /** Minutes a guide source's programme times are moved at import (its guide's clock is off), with each channel's tvg-shift. */
  guideShiftMinutes: Generated<number>;
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

/** One fetch or upload of a source as the console shows it; the last 30 per source are kept. */
export interface SourceFetchTable {
  id: Generated<number>;
  sourceId: number;
  trigger: 'schedule' | 'operator' | 'upload';
  startedAt: number;
  finishedAt: number | null;
  outcome: 'running' | 'imported' | 'not-modified' | 'failed';
  httpStatus: number | null;
  etag: string | null;
  lastModified: string | null;
  bytes: number;
  durationMs: number | null;
  /** The import report without its warnings, as JSON. */
  report: string | null;
  /** JSON array of { line, message }. */
  warnings: string;
  error: string | null;
}

/** What the operator decided for a guide id no channel carries: a channel to put its programmes on, or ignore it. */
export interface GuideMappingTable {
  guideId: string;
  action: 'map' | 'ignore';
  channelId: number | null;
  updatedAt: number;
}

/** A programme of the last import of a source whose guide id matched no channel, kept so a mapping can attach it. */
export interface GuideStagedTable {
  id: Generated<number>;
  sourceId: number;
  guideId: string;
  startTime: number;
  line: number;
  /** The programme as the catalogue takes it (ImportProgramme), as JSON. */
  programme: string;
}

export interface IngestTables {
  ingestSources: IngestSourceTable;
  ingestRuns: IngestRunTable;
  sourceFetches: SourceFetchTable;
  guideMappings: GuideMappingTable;
  guideStaged: GuideStagedTable;
}

/** The catalogue's channels as the mapping picker reads them (read only: the catalogue writes them). */
export interface ChannelLookupTables {
  channels: { id: number; name: string; number: number; tvgId: string | null; searchTitle: string };
}

export type IngestSourceRow = Selectable<IngestSourceTable>;
export type IngestRunRow = Selectable<IngestRunTable>;
export type NewIngestRun = Insertable<IngestRunTable>;
export type SourceFetchRow = Selectable<SourceFetchTable>;
export type NewSourceFetch = Insertable<SourceFetchTable>;
export type GuideMappingRow = Selectable<GuideMappingTable>;
export type NewGuideStaged = Insertable<GuideStagedTable>;
