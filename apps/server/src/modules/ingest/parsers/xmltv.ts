import type { IngestProblemCode } from '@pantalla/contracts';
import { IngestError, problemText } from './errors';
import { XmltvStreamParser } from './xmltv-reader';
import { parseXmltvDate } from './xmltv-time';
import type { GuideChannel, GuideProgramme } from './xmltv-types';

/*
 * The whole-file API the import service uses today, on top of the streaming parser. It
 * keeps the service's all-or-nothing contract: what the streaming parser would skip makes
 * the whole file refused here, naming the line. The import that streams (issue 16) uses
 * XmltvStreamParser directly and imports the rest instead.
 */

/** A channel declared by an XMLTV guide. */
export interface XmltvChannel {
  id: string;
  names: string[];
  icon: string | null;
  line: number;
}

/** A programme of an XMLTV guide, times as epoch ms. */
export interface XmltvProgramme {
  channel: string;
  start: number;
  stop: number;
  title: string;
  subTitle: string;
  desc: string;
  directors: string[];
  actors: string[];
  year: number | null;
  categories: string[];
  country: string;
  rating: string;
  icon: string | null;
  episodeNum: string;
  line: number;
}

/** What a guide file holds, after overlaps are trimmed. */
export interface XmltvGuide {
  channels: XmltvChannel[];
  programmes: XmltvProgramme[];
  trimmed: number;
  warnings: string[];
}

/** An XMLTV time as epoch ms (see parseXmltvDate), null when malformed. */
export function parseXmltvTime(value: string): number | null {
  return parseXmltvDate(value)?.time ?? null;
}

/** What the streaming parser skips that the all-or-nothing import refused before. */
const REFUSED = new Set<IngestProblemCode>([
  'malformed-xml',
  'xml-corrected',
  'too-large',
  'truncated',
  'outside-root',
  'channel-missing-id',
  'channel-duplicate',
  'channel-missing-name',
  'programme-missing-channel',
  'programme-missing-start',
  'programme-bad-start',
  'programme-bad-stop',
  'programme-missing-title',
  'programme-out-of-order',
]);

const legacyChannel = (c: GuideChannel): XmltvChannel => ({
  id: c.id,
  names: c.names.map((n) => n.text),
  icon: c.icon,
  line: c.line,
});

const legacyProgramme = (p: GuideProgramme): XmltvProgramme => ({
  channel: p.channel,
  start: p.start,
  stop: p.stop,
  title: p.title,
  subTitle: p.subTitle,
  desc: p.desc,
  directors: p.credits.filter((c) => c.kind === 'director').map((c) => c.name),
  actors: p.credits.filter((c) => c.kind === 'actor').map((c) => c.name),
  year: p.year,
  categories: p.categories,
  country: p.countries[0] ?? '',
  rating: p.rating,
  icon: p.icon,
  episodeNum: p.episode?.label ?? '',
  line: p.line,
});

/** Parses a whole XMLTV document; throws IngestError on the first problem it cannot import. */
export function parseXmltv(source: string): XmltvGuide {
  const parser = new XmltvStreamParser();
  const first = parser.write(source);
  const last = parser.end();
  const { summary } = last;
  const refused = summary.problems.find((p) => REFUSED.has(p.code));
  // The refusal imports nothing, so the streaming parser's '; se omite.' is not said.
  if (refused)
    throw new IngestError(refused.message.replace(/; se (omite|ignora|conserva|importa)[^;]*\.$/, ''), refused.line);
  const sameStart = summary.problems.filter((p) => p.code === 'programme-same-start').length;
  return {
    channels: [...first.channels, ...last.channels].map(legacyChannel),
    programmes: [...first.programmes, ...last.programmes].map(legacyProgramme),
    trimmed: summary.trimmed + sameStart,
    warnings: summary.problems.filter((p) => p.code !== 'programme-overlap').map(problemText),
  };
}
