/** The guide and channel-list parsers the import uses: streaming, pure, with per-item problems. */
export { IngestError, ProblemLog, problemText, PROBLEMS_KEPT } from './errors';
export { XmltvStreamParser, type XmltvOutput, type XmltvParserOptions, type XmltvSummary } from './xmltv-reader';
export { readXmltvBatches, type XmltvBatch } from './xmltv-batches';
export type {
  ChannelSpan,
  CreditKind,
  GuideChannel,
  GuideCredit,
  GuideEpisode,
  GuideImage,
  GuideProgramme,
  LocalizedText,
} from './xmltv-types';
export { parseXmltvDate, XMLTV_ZONES, type XmltvDate } from './xmltv-time';
export { genreOf, categoryKey, type GuideGenre } from './genres';
export { M3uStreamParser, readM3u } from './m3u-reader';
export type { M3uCatchup, M3uChannel, M3uHeader, M3uResult, M3uStream, M3uSummary, StreamProtocol } from './m3u-types';
export { cleanChannelName, nameKey } from './m3u-entry';
export {
  syntheticM3u,
  syntheticXmltv,
  syntheticProgrammeCount,
  syntheticChannelId,
  type SyntheticGuideOptions,
  type SyntheticListOptions,
} from './synthetic-guide';
export { parseXmltv, parseXmltvTime, type XmltvChannel, type XmltvGuide, type XmltvProgramme } from './xmltv';
export { parseM3u, type M3uEntry } from './m3u';
