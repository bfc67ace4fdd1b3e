import { processIO, type CliIO } from './io';
import { createProgram } from './program';

/** Runs the CLI on `argv` (as `process.argv`) and returns the exit code. */
export async function main(argv: string[], io: CliIO = processIO): Promise<number> {
  return createProgram(io).run(argv);
}
