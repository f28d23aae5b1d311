import { TextDecoder } from 'node:util';
import { IngestError } from './errors';

/** How many leading bytes are read before the encoding is chosen. */
const SNIFF_BYTES = 64 * 1024;

/** What the decoder noticed about the file as a whole, for the parser to report with a line. */
export type DecoderNote = 'fallback-latin1' | 'invalid-bytes';

/**
 * Bytes to text, piece by piece, in the file's own encoding: a byte order mark wins, then
 * the XML declaration's encoding="..." (for XML), else UTF-8. A file that says nothing and
 * is not valid UTF-8 in its first 64 KB is read as windows-1252 (what 'ISO-8859-1' means on
 * the web), which is what such files almost always are. Strings pass through as they are.
 */
export class ByteDecoder {
  private pending: Uint8Array[] = [];
  private pendingLength = 0;
  private decoder: TextDecoder | null = null;
  private started = false;
  /** The encoding chosen ('utf-8', 'windows-1252', ...), once known; null for text given as strings. */
  encoding: string | null = null;
  /** Notes not yet taken by the parser. */
  readonly notes: DecoderNote[] = [];
  private replacedNoted = false;

  constructor(private readonly kind: 'xml' | 'text') {}

  /** The text of this chunk that is ready ('' while the first bytes are still being read). */
  write(chunk: Uint8Array | string): string {
    if (typeof chunk === 'string') return this.fromString(chunk);
    if (this.decoder) return this.decode(chunk, true);
    this.pending.push(chunk);
    this.pendingLength += chunk.length;
    if (this.pendingLength < SNIFF_BYTES) return '';
    return this.start();
  }

  /** The rest of the text at the end of the file. */
  end(): string {
    const head = this.decoder ? '' : this.pendingLength > 0 ? this.start() : '';
    if (!this.decoder) return head;
    return head + this.decode(new Uint8Array(0), false);
  }

  private fromString(chunk: string): string {
    if (!this.started) {
      this.started = true;
      return chunk.charCodeAt(0) === 0xfeff ? chunk.slice(1) : chunk;
    }
    return chunk;
  }

  private decode(bytes: Uint8Array, stream: boolean): string {
    const text = (this.decoder as TextDecoder).decode(bytes, { stream });
    if (!this.replacedNoted && this.encoding === 'utf-8' && text.includes('\uFFFD')) {
      this.replacedNoted = true;
      this.notes.push('invalid-bytes');
    }
    return text;
  }

  private start(): string {
    const head = concat(this.pending, this.pendingLength);
    this.pending = [];
    this.started = true;
    const label = this.chooseEncoding(head);
    try {
      this.decoder = new TextDecoder(label);
    } catch {
      throw new IngestError(`la codificación "${label}" del archivo no está admitida`, 1);
    }
    this.encoding = this.decoder.encoding;
    return this.decode(head, true);
  }

  private chooseEncoding(head: Uint8Array): string {
    if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
    if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
    if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
    // '<?' in UTF-16 without a byte order mark.
    if (this.kind === 'xml' && head[0] === 0x3c && head[1] === 0x00 && head[2] === 0x3f) return 'utf-16le';
    if (this.kind === 'xml' && head[0] === 0x00 && head[1] === 0x3c && head[2] === 0x00) return 'utf-16be';
    const declared = this.kind === 'xml' ? declaredEncoding(head) : null;
    // A declaration read as ASCII cannot be telling the truth about UTF-16: ignore it then.
    if (declared && !/^utf-?(8|16)/i.test(declared)) return declared;
    if (isUtf8(head)) return 'utf-8';
    this.notes.push('fallback-latin1');
    return 'windows-1252';
  }
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** encoding="..." of an XML declaration at the very start, read as ASCII. */
export function declaredEncoding(head: Uint8Array): string | null {
  const start = new TextDecoder('latin1').decode(head.subarray(0, 256));
  const decl = /^\s*<\?xml\s[^?]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(start);
  return decl ? (decl[1] as string) : null;
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    // stream: true, so a character cut at the end of the sniffed bytes is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}
