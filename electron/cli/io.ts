import { visibleOutput } from '../common/visibleText';

/** Where the CLI writes; swapped for buffers in tests. */
export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stderr is a terminal (progress redraws in place) or a log (a line now and then). */
  stderrIsTTY: boolean;
}

/**
 * What commands write through: every message and table escaped (names are data: a control or
 * bidirectional character in a file, dataset, item or person name prints as `\u202E`, see
 * common/visibleText.ts), and `raw` for what must go out byte for byte — exported content on
 * stdout (a CSV, a LaTeX file, a judge definition) and the progress line's terminal codes.
 */
export interface CommandIO extends CliIO {
  raw: CliIO;
}

/** The escaping writer over a raw one (see {@link CommandIO}). */
export function visibleIO(io: CliIO): CommandIO {
  return { stdout: (text) => io.stdout(visibleOutput(text)), stderr: (text) => io.stderr(visibleOutput(text)), stderrIsTTY: io.stderrIsTTY, raw: io };
}

export const processIO: CliIO = {
  // Once a reader has gone (see ignoreClosedOutput), what is left to say goes nowhere.
  stdout: (text) => void (process.stdout.writable && process.stdout.write(text)),
  stderr: (text) => void (process.stderr.writable && process.stderr.write(text)),
  stderrIsTTY: Boolean(process.stderr.isTTY),
};

/**
 * `accord items --json | head -c 100`: when the reader closes the pipe early, writing fails
 * with EPIPE, which Node reports as an 'error' event on the stream and, with no listener, as a
 * crash with a stack trace. The `accord` process (run.ts) listens instead: output to a closed
 * pipe is dropped and the command finishes as it would have (an import still commits) with its
 * own exit code, 0 for a listing. Only EPIPE: any other write error still ends the process.
 */
export function ignoreClosedOutput(streams: readonly NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  for (const stream of streams) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      stream.destroy();
    });
  }
}

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
