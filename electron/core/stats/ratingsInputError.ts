/**
 * Bad ratings input (CSV, levels, rows): the message names the line, field or value and what
 * was expected, so the CLI can print it as is, without a stack trace.
 */
export class RatingsInputError extends Error {
  /** 1-based source line, when the input came from a file. */
  readonly line: number | undefined;

  constructor(message: string, line?: number) {
    super(line === undefined ? message : `line ${line}: ${message}`);
    this.name = 'RatingsInputError';
    this.line = line;
  }
}
