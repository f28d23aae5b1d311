import type { IngestProblemCode } from '@pantalla/contracts';
import { IngestError } from './errors';
import { M3uStreamParser, type M3uChannel } from './m3u-reader';

/*
 * The whole-list API the import service uses today, on top of the streaming parser. It
 * keeps the service's all-or-nothing contract for entries the streaming parser would skip,
 * and takes what that parser takes: entries sharing a tvg-id are one channel (its first
 * stream here; the streaming API gives all of them as alternates).
 */

/** One channel entry of an M3U list. */
export interface M3uEntry {
  tvgId: string | null;
  tvgName: string | null;
  name: string;
  logo: string | null;
  group: string | null;
  catchup: string | null;
  catchupDays: number | null;
  catchupSource: string | null;
  url: string;
  protocol: 'dash' | 'hls';
  line: number;
}

/** What the streaming parser skips or drops that the all-or-nothing import refused before. */
const REFUSED = new Set<IngestProblemCode>([
  'missing-header',
  'extinf-without-url',
  'url-without-extinf',
  'unclosed-quote',
  'missing-name',
  'bad-url',
  'unsupported-protocol',
  'bad-attribute',
]);

const legacyEntry = (c: M3uChannel): M3uEntry => {
  const stream = c.streams[0] as M3uChannel['streams'][number];
  return {
    tvgId: c.tvgId,
    tvgName: c.tvgName,
    name: c.name,
    logo: c.logo,
    group: c.groups[0] ?? null,
    catchup: c.catchup?.mode ?? null,
    catchupDays: c.catchup?.days ?? null,
    catchupSource: c.catchup?.source ?? null,
    url: stream.url,
    protocol: stream.protocol,
    line: c.line,
  };
};

/** Parses a whole M3U/M3U8 list; throws IngestError on the first entry it cannot import. */
export function parseM3u(source: string): M3uEntry[] {
  const parser = new M3uStreamParser();
  parser.write(source);
  const { channels, summary } = parser.end();
  const refused = summary.problems.find((p) => REFUSED.has(p.code));
  if (refused) throw new IngestError(refused.message.replace(/; se (omite|ignora|lee|usa)[^;]*\.$/, ''), refused.line);
  return channels.map(legacyEntry);
}
