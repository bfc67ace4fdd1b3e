/** Where the CLI writes; swapped for buffers in tests. */
export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stderr is a terminal (progress redraws in place) or a log (a line now and then). */
  stderrIsTTY: boolean;
}

export const processIO: CliIO = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stderrIsTTY: Boolean(process.stderr.isTTY),
};

/** A user mistake (bad flag, missing task); printed without a stack trace, exit code 1. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A failure the user can act on (the workspace refused, a call failed); exit code 1. */
export class CliError extends Error {
  override name = 'CliError';
  constructor(message: string, readonly exitCode = 1) {
    super(message);
  }
}
