import type { IngestProblem } from '@pantalla/contracts';
import type { CatchupMode } from '@pantalla/contracts';

export type StreamProtocol = 'dash' | 'hls';

/** One stream of a channel: lists give several, the player falls back in this order. */
export interface M3uStream {
  url: string;
  protocol: StreamProtocol;
  userAgent: string | null;
  referrer: string | null;
  /** The entry's name as written ('La 1 (720p) [Geo-blocked]'). */
  rawName: string;
  line: number;
}

/** A channel's catch-up as its entry (or the #EXTM3U header) declares it. */
export interface M3uCatchup {
  /** Null when only days were given: the window is known, a URL cannot be made. */
  mode: CatchupMode | null;
  days: number | null;
  source: string | null;
  correctionHours: number;
}

/** A channel of the list: every entry with its tvg-id (else its cleaned name) merged. */
export interface M3uChannel {
  /** 'id:<tvg-id>', 'name:<group key>\u0001<name key>' or 'line:<n>': what entries were grouped by. */
  key: string;
  tvgId: string | null;
  tvgName: string | null;
  /** The name without qualifiers ('La 1'); rawName is the first entry's as written. */
  name: string;
  rawName: string;
  logo: string | null;
  /** group-title (split on ';') and #EXTGRP, in order, without repeats. */
  groups: string[];
  /** tvg-chno: the number lists order channels by. */
  number: number | null;
  /** tvg-shift, hours the guide's times are moved for this channel. */
  shiftHours: number;
  radio: boolean;
  catchup: M3uCatchup | null;
  streams: M3uStream[];
  /** Every other attribute of the entries (status, tvg-country...), first value kept. */
  attributes: Record<string, string>;
  line: number;
}

/** The #EXTM3U line: the guide's URLs and the defaults it gives every channel. */
export interface M3uHeader {
  guideUrls: string[];
  attributes: Record<string, string>;
}

export interface M3uSummary {
  channels: number;
  /** Entries read (streams), of which alternates of an earlier channel. */
  entries: number;
  alternates: number;
  skipped: number;
  corrected: number;
  problems: IngestProblem[];
  problemsTotal: number;
  encoding: string | null;
}

export interface M3uResult {
  header: M3uHeader;
  /** In the order of each channel's first entry. */
  channels: M3uChannel[];
  summary: M3uSummary;
}
