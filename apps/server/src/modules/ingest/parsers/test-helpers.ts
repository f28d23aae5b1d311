import { readFileSync, readdirSync } from 'node:fs';
import { M3uStreamParser, type M3uResult } from './m3u-reader';
import { XmltvStreamParser, type XmltvParserOptions, type XmltvSummary } from './xmltv-reader';
import type { GuideChannel, GuideProgramme } from './xmltv-types';

const CORPUS = new URL('./__corpus__/', import.meta.url);

/** A corpus file's bytes, exactly as stored. */
export const corpus = (name: string): Buffer => readFileSync(new URL(name, CORPUS));

/** The corpus files, by name. */
export const corpusFiles = (): string[] => readdirSync(CORPUS).filter((f) => !f.startsWith('.'));

/** Splits bytes into pieces of `size` (the last one shorter). */
export function pieces(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

export interface ParsedGuide {
  channels: GuideChannel[];
  programmes: GuideProgramme[];
  summary: XmltvSummary;
}

/** A whole guide through the streaming parser, fed in pieces of `size` bytes (one piece by default). */
export function parseGuide(bytes: Uint8Array | string, size = Infinity, options?: XmltvParserOptions): ParsedGuide {
  const parser = new XmltvStreamParser(options);
  const channels: GuideChannel[] = [];
  const programmes: GuideProgramme[] = [];
  const chunks = typeof bytes === 'string' ? [bytes] : size === Infinity ? [bytes] : pieces(bytes, size);
  for (const chunk of chunks) {
    const out = parser.write(chunk);
    channels.push(...out.channels);
    programmes.push(...out.programmes);
  }
  const last = parser.end();
  channels.push(...last.channels);
  programmes.push(...last.programmes);
  return { channels, programmes, summary: last.summary };
}

/** A whole list through the streaming M3U parser, in pieces of `size` bytes. */
export function parseList(bytes: Uint8Array | string, size = Infinity): M3uResult {
  const parser = new M3uStreamParser();
  const chunks = typeof bytes === 'string' ? [bytes] : size === Infinity ? [bytes] : pieces(bytes, size);
  for (const chunk of chunks) parser.write(chunk);
  return parser.end();
}

/** Problems as 'line code action', the form tests compare. */
export const problemsOf = (summary: { problems: { line: number; code: string; action: string }[] }) =>
  summary.problems.map((p) => `${p.line} ${p.code} ${p.action}`);

/** Epoch ms of an ISO time in UTC ('2026-06-15T18:00'). */
export const at = (iso: string) => Date.parse(`${iso}:00Z`);

/** Programmes as [channel, start, stop, title] with ISO times, for compact expectations. */
export const schedule = (programmes: GuideProgramme[]) =>
  programmes.map((p) => [
    p.channel,
    new Date(p.start).toISOString().slice(0, 16),
    new Date(p.stop).toISOString().slice(0, 16),
    p.title,
  ]);
