import type { SaxesTagPlain } from 'saxes';
import type { IngestProblem } from '@pantalla/contracts';
import { ByteDecoder } from './byte-decoder';
import { detached, IngestError, PROBLEMS_KEPT, ProblemLog } from './errors';
import { guideSaxParser, RECOVERABLE, spanish } from './xml-sax';
import { readChannel, readProgramme, type Report, type XmlNode } from './xmltv-fields';
import { GuideSchedule } from './xmltv-schedule';
import type { ChannelSpan, GuideChannel, GuideProgramme } from './xmltv-types';

export interface XmltvParserOptions {
  /** Problems kept in the summary (all are counted). */
  maxProblems?: number;
  /** Text characters one <channel> or <programme> may hold before it is skipped as too large. */
  maxElementChars?: number;
  /**
   * Characters read after which a programme still held (the last of its channel so far) is
   * copied out of the text it was cut from, so that text can be freed (default 16 M).
   */
  detachAfterChars?: number;
}

/** What became complete since the last call. The arrays are the caller's to keep. */
export interface XmltvOutput {
  channels: GuideChannel[];
  programmes: GuideProgramme[];
}

/** The whole parse, once the document has ended. */
export interface XmltvSummary {
  channels: number;
  programmes: number;
  /** Programmes and channels left out, programmes corrected (see problems). */
  skipped: number;
  corrected: number;
  /** Programmes whose end was cut to the next programme's start. */
  trimmed: number;
  problems: IngestProblem[];
  problemsTotal: number;
  /** Per channel id: the first start, last end and count of its programmes. */
  spans: Map<string, ChannelSpan>;
  encoding: string | null;
  generator: string | null;
}

const DEFAULT_MAX_ELEMENT_CHARS = 1 << 20;
const MAX_ELEMENT_NODES = 10_000;
/**
 * Elements open at once. XMLTV nests five deep (tv, programme, credits, actor, image); saxes
 * keeps every open element, so a file nesting millions deep would fill the heap (issue 11).
 */
export const MAX_XML_DEPTH = 64;

/**
 * A streaming XMLTV parser: fed the file piece by piece, it gives out channels and
 * programmes as they complete, holding at most one <channel>/<programme> element and one
 * programme per channel. Per-element problems are reported with their line and never stop
 * the parse; only a document that is not XMLTV at all throws IngestError.
 */
export class XmltvStreamParser {
  private readonly sax = guideSaxParser();
  private readonly decoder = new ByteDecoder('xml');
  private readonly problems: ProblemLog;
  private readonly schedule: GuideSchedule;
  private readonly maxChars: number;
  private readonly detachAfter: number;
  private out: XmltvOutput = { channels: [], programmes: [] };
  private readonly channelLines = new Map<string, number>();
  private channelCount = 0;
  private generator: string | null = null;

  private depth = 0;
  private rootSeen = false;
  private rootClosed = false;
  private closing = false;
  /** The <channel>/<programme> being read and its open descendants. */
  private stack: XmlNode[] = [];
  private nodes = 0;
  private chars = 0;
  /** First markup error inside the current element: it will be skipped. */
  private broken: { message: string; line: number } | null = null;
  private tooLarge = false;
  /** An error met inside a start tag, before saxes hands the tag over. */
  private tagError: { message: string; line: number } | null = null;
  private tagLine = 1;
  /** Between a tag's name and its '>': errors there belong to the element not yet opened. */
  private inStartTag = false;
  private outsideNoted = false;
  /** saxes events seen, and characters written since the last one. */
  private events = 0;
  private silent = 0;

  constructor(options: XmltvParserOptions = {}) {
    this.problems = new ProblemLog(options.maxProblems ?? PROBLEMS_KEPT);
    this.maxChars = options.maxElementChars ?? DEFAULT_MAX_ELEMENT_CHARS;
    this.detachAfter = options.detachAfterChars ?? 16 * 1024 * 1024;
    const report: Report = (line, code, action, message) => this.problems.add(line, code, action, message);
    this.schedule = new GuideSchedule(report, (p) => this.out.programmes.push(p));
    this.sax.on('opentagstart', () => {
      this.events++;
      this.tagLine = this.sax.line;
      this.inStartTag = true;
    });
    this.sax.on('opentag', (tag) => this.open(tag));
    this.sax.on('closetag', (tag) => this.close(tag));
    this.sax.on('text', (text) => this.text(text));
    this.sax.on('cdata', (text) => this.text(text));
    this.sax.on('error', (error) => this.error(error));
  }

  /** Feeds the next piece of the file; answers what became complete. */
  write(chunk: Uint8Array | string): XmltvOutput {
    const text = this.decoder.write(chunk);
    if (text) {
      this.schedule.position += text.length;
      const events = this.events;
      this.sax.write(text);
      this.watchSilence(events, text.length);
      this.schedule.age(this.schedule.position, this.detachAfter);
    }
    this.takeDecoderNotes();
    return this.take();
  }

  /** Ends the document: the last programmes of every channel, and the summary. */
  end(): XmltvOutput & { summary: XmltvSummary } {
    const text = this.decoder.end();
    if (text) this.sax.write(text);
    this.takeDecoderNotes();
    this.closing = true;
    const endLine = this.sax.line;
    this.sax.close();
    if (!this.rootSeen) throw new IngestError('el archivo no contiene un documento XML', 1);
    const open = this.stack[0];
    if (open)
      this.problems.add(
        open.line,
        'truncated',
        'skipped',
        `el archivo termina dentro de <${open.name}> (¿está cortado?); se omite.`,
      );
    if (!this.rootClosed)
      this.problems.add(
        endLine,
        'truncated',
        'ignored',
        'el archivo termina sin cerrar <tv> (¿está cortado?); se importa lo leído hasta aquí.',
      );
    this.schedule.finish();
    const output = this.take();
    const summary: XmltvSummary = {
      channels: this.channelCount,
      programmes: this.schedule.count,
      skipped: this.problems.byAction.skipped,
      corrected: this.problems.byAction.corrected,
      trimmed: this.schedule.trimmed,
      problems: this.problems.kept,
      problemsTotal: this.problems.total,
      spans: this.schedule.spans(),
      encoding: this.decoder.encoding,
      generator: this.generator,
    };
    return { ...output, summary };
  }

  /**
   * saxes holds whatever it has not finished (a tag, a comment, text) until it ends: a run of
   * megabytes with no element in it is not a guide, and would only grow memory.
   */
  private watchSilence(eventsBefore: number, chars: number): void {
    if (this.events !== eventsBefore) this.silent = 0;
    else if ((this.silent += chars) > this.maxChars * 16) {
      throw new IngestError(
        `${Math.round(this.silent / 1e6)} millones de caracteres sin una etiqueta completa: no es una guía XMLTV`,
        this.sax.line,
      );
    }
  }

  private take(): XmltvOutput {
    const out = this.out;
    if (out.channels.length === 0 && out.programmes.length === 0) return { channels: [], programmes: [] };
    this.out = { channels: [], programmes: [] };
    return out;
  }

  private takeDecoderNotes(): void {
    for (const note of this.decoder.notes.splice(0)) {
      if (note === 'fallback-latin1')
        this.problems.add(
          1,
          'encoding-fallback',
          'corrected',
          'el archivo no es UTF-8 válido y no declara su codificación; se lee como ISO-8859-1 (windows-1252).',
        );
      else
        this.problems.add(
          this.sax.line,
          'invalid-bytes',
          'corrected',
          'hay bytes que no son UTF-8 válido; se sustituyen por «�».',
        );
    }
  }

  private open(tag: SaxesTagPlain): void {
    this.depth++;
    if (this.depth > MAX_XML_DEPTH)
      throw new IngestError(
        `el XML anida más de ${MAX_XML_DEPTH} elementos unos dentro de otros (<${tag.name}>): no es una guía XMLTV`,
        this.tagLine,
      );
    this.inStartTag = false;
    const line = this.tagLine;
    const tagError = this.tagError;
    this.tagError = null;
    if (this.depth === 1) {
      if (this.rootClosed) return this.noteOutside(line, `<${tag.name}>`);
      if (tag.name !== 'tv')
        throw new IngestError(`no es una guía XMLTV: el elemento raíz es <${tag.name}>, no <tv>`, line);
      this.rootSeen = true;
      this.generator =
        tag.attributes['generator-info-name']?.trim() || tag.attributes['source-info-name']?.trim() || null;
      if (tagError) this.problems.add(tagError.line, 'malformed-xml', 'ignored', `${tagError.message} en <tv>.`);
      return;
    }
    const top = this.stack.length > 0;
    if (!top && this.depth !== 2) return;
    if (!top && tag.name !== 'channel' && tag.name !== 'programme') return;
    const node: XmlNode = { name: tag.name, attrs: tag.attributes, children: [], text: '', line };
    if (!top) {
      this.nodes = 0;
      this.chars = 0;
      this.broken = tagError;
      this.tooLarge = false;
    } else {
      if (tagError && !this.broken) this.broken = tagError;
      if (++this.nodes > MAX_ELEMENT_NODES) this.tooLarge = true;
      else (this.stack[this.stack.length - 1] as XmlNode).children.push(node);
    }
    this.stack.push(node);
  }

  private close(_tag: SaxesTagPlain): void {
    this.events++;
    this.depth--;
    if (this.depth === 0) this.rootClosed = true;
    if (this.stack.length === 0) return;
    const node = this.stack.pop() as XmlNode;
    if (this.stack.length === 0) this.finishElement(node);
  }

  private text(text: string): void {
    this.events++;
    const top = this.stack[this.stack.length - 1];
    if (!top || this.tooLarge) return;
    this.chars += text.length;
    if (this.chars > this.maxChars) this.tooLarge = true;
    else top.text += text;
  }

  private error(error: Error): void {
    if (this.closing) return;
    const message = spanish(error.message);
    const line = this.sax.line;
    if (this.inStartTag) {
      this.tagError ??= { message, line };
      return;
    }
    if (!this.rootSeen) throw new IngestError(`no es un documento XML: ${message}`, line);
    if (this.rootClosed) return this.noteOutside(line, message);
    if (this.stack.length === 0) {
      this.problems.add(line, 'malformed-xml', 'ignored', `${message}; se ignora.`);
      return;
    }
    if (RECOVERABLE.test(error.message))
      this.problems.add(line, 'xml-corrected', 'corrected', `${message}; se conserva tal cual.`);
    else this.broken ??= { message, line };
  }

  private noteOutside(line: number, what: string): void {
    if (!this.outsideNoted)
      this.problems.add(line, 'outside-root', 'ignored', `${what} después de cerrar <tv>; se ignora.`);
    this.outsideNoted = true;
  }

  private finishElement(node: XmlNode): void {
    const what = `<${node.name}>`;
    if (this.broken) {
      const where = this.broken.line !== node.line ? ` (línea ${this.broken.line})` : '';
      this.problems.add(
        node.line,
        'malformed-xml',
        'skipped',
        `${what} con XML mal formado: ${this.broken.message}${where}; se omite.`,
      );
      this.broken = null;
      return;
    }
    if (this.tooLarge) {
      this.problems.add(node.line, 'too-large', 'skipped', `${what} demasiado grande; se omite.`);
      return;
    }
    const report: Report = (line, code, action, message) => this.problems.add(line, code, action, message);
    if (node.name === 'programme') {
      const draft = readProgramme(node, report);
      if (draft) this.schedule.add(draft);
      return;
    }
    const channel = readChannel(node, report);
    if (!channel) return;
    const first = this.channelLines.get(channel.id);
    if (first !== undefined) {
      this.problems.add(
        node.line,
        'channel-duplicate',
        'skipped',
        `canal "${channel.id}" repetido (ya declarado en la línea ${first}); se conserva el primero.`,
      );
      return;
    }
    this.channelLines.set(detached(channel.id), node.line);
    this.channelCount++;
    this.out.channels.push(channel);
  }
}
