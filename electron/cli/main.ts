import { processIO, type CliIO } from './io';
import { commandNamed, createProgram } from './program';

/** Runs the CLI on `argv` (as `process.argv`) and returns the exit code. */
export async function main(argv: string[], io: CliIO = processIO): Promise<number> {
  return createProgram(io, { only: commandNamed(argv) }).run(argv);
}
