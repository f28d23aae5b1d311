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
