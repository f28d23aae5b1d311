import type { IngestProblem, IngestProblemAction, IngestProblemCode } from '@pantalla/contracts';

/** A file that cannot be imported: the message names the line, nothing has been written. */
export class IngestError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(line === undefined ? message : `Línea ${line}: ${message}`);
    this.name = 'IngestError';
  }
}

/** How many problems a parse keeps by default; the rest are only counted. */
export const PROBLEMS_KEPT = 1000;

/**
 * The problems of one parse: the first `limit` kept in file order, all of them counted,
 * so a file broken on every line cannot make the report grow without bound.
 */
export class ProblemLog {
  readonly kept: IngestProblem[] = [];
  total = 0;
  readonly byAction: Record<IngestProblemAction, number> = { skipped: 0, corrected: 0, ignored: 0 };

  constructor(readonly limit = PROBLEMS_KEPT) {}

  add(line: number, code: IngestProblemCode, action: IngestProblemAction, message: string): void {
    this.total++;
    this.byAction[action]++;
    if (this.kept.length < this.limit) this.kept.push({ line, code, action, message: detached(message) });
  }
}

/** 'Línea 12: message', the form reports and errors show a problem in. */
export const problemText = (p: IngestProblem) => `Línea ${p.line}: ${p.message}`;

/**
 * A copy of a string that shares no memory with the text it was cut from. V8 keeps a whole
 * parsed chunk alive for as long as any slice of it lives; what the parsers keep past the
 * chunk (map keys, held programmes, problems) is copied so memory stays bounded.
 */
export function detached(s: string): string {
  return s.length < 13 ? s : ` ${s}`.slice(1);
}
