/** The catalogue's answer to "what plays": the origin builds manifests from it, playback checks rights against it. */

/** What playback needs of a channel. */
export interface PlayableChannel {
  id: number;
  name: string;
  parental: number;
  isAdult: number;
  tstv: number;
  catchupHours: number;
  streamSource: 'origin' | 'external';
  streamUrl: string | null;
  streamProtocol: 'dash' | 'hls';
  /** JSON array of the external streams tried after streamUrl (M3U alternates), or null. */
  alternateStreams: string | null;
  /** The User-Agent and Referer streamUrl's list entry asked for: such a stream plays through the relay. */
  streamUserAgent: string | null;
  streamReferrer: string | null;
  /** An external channel's catch-up: the M3U mode and source its archive URLs are made from. */
  catchupMode: string | null;
  catchupSource: string | null;
  clipKey: string;
  packageId: number;
}

/** A channel as a list names it. */
export interface ChannelLabel {
  id: number;
  name: string;
  number: number;
}

/** What playback needs of a programme. */
export interface PlayableEvent {
  id: number;
  channelId: number;
  startTime: number;
  endTime: number;
  title: string;
  parental: number;
  packageId: number | null;
}

/** A film or an episode: a clip looped to its catalogue length. */
export interface PlayableTitle {
  id: number;
  title: string;
  runtimeSeconds: number;
  parental: number;
  clipKey: string;
  packageId: number;
}

/** A series as a list names it (Mi lista, issue 30). */
export interface SeriesLabel {
  id: number;
  title: string;
  parental: number;
}

/** What the origin and the playback services may ask of the catalogue. */
export interface Playables {
  channel(id: number): Promise<PlayableChannel | undefined>;
  event(id: number): Promise<PlayableEvent | undefined>;
  /** The programme on air at `at` on a channel, if any (the latest one started). */
  eventAt(channelId: number, at: number): Promise<PlayableEvent | undefined>;
  film(id: number): Promise<PlayableTitle | undefined>;
  /** An episode with its series' rating and package. */
  episode(id: number): Promise<PlayableTitle | undefined>;
  /** A series' title and rating (Mi lista). */
  series(id: number): Promise<SeriesLabel | undefined>;
  /** Names and dial numbers of channels, in one query (the console's Now view); unknown ids are left out. */
  channelLabels(ids: readonly number[]): Promise<ChannelLabel[]>;
}
