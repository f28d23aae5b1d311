import type { GuideChannel, GuideProgramme } from './xmltv-types';
import { XmltvStreamParser, type XmltvOutput, type XmltvParserOptions, type XmltvSummary } from './xmltv-reader';

/** A batch of what a guide gave: its channels first, then up to batchSize programmes. */
export interface XmltvBatch {
  channels: GuideChannel[];
  programmes: GuideProgramme[];
  /** On the last batch only (which may be otherwise empty). */
  summary: XmltvSummary | null;
}

/**
 * Reads a guide from pieces (a file stream, a gunzip stream, strings) as batches of
 * `batchSize` programmes, for an import that writes each batch before reading on: memory
 * stays at one batch plus what the parser holds, whatever the file's size.
 */
export async function* readXmltvBatches(
  source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  options: XmltvParserOptions & { batchSize?: number } = {},
): AsyncGenerator<XmltvBatch> {
  const size = options.batchSize ?? 5000;
  const parser = new XmltvStreamParser(options);
  let channels: GuideChannel[] = [];
  let programmes: GuideProgramme[] = [];
  const add = (out: XmltvOutput) => {
    for (const c of out.channels) channels.push(c);
    for (const p of out.programmes) programmes.push(p);
  };
  // Full batches, cut by index: one big piece may complete many batches at once.
  function* full(): Generator<XmltvBatch> {
    let at = 0;
    for (; programmes.length - at >= size; at += size) {
      yield { channels, programmes: programmes.slice(at, at + size), summary: null };
      channels = [];
    }
    programmes = at === 0 ? programmes : programmes.slice(at);
  }
  for await (const chunk of source) {
    add(parser.write(chunk));
    yield* full();
  }
  const last = parser.end();
  add(last);
  yield* full();
  yield { channels, programmes, summary: last.summary };
}
