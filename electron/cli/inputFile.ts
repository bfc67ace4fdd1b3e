import fs from 'node:fs';
import { DEFAULT_RECORD_LIMITS, sizeText } from '../core/formats/recordLimits';
import { UsageError } from './io';

/**
 * Reads a small input file the CLI takes whole (a ratings CSV, a weights matrix): a FIFO, a
 * device or a directory is refused before it is opened (reading a FIFO would wait for a writer,
 * /dev/zero would never end), as is a file over the limit for files read whole.
 *
 * @throws UsageError naming the file and what is wrong with it.
 */
export async function readInputFile(file: string, limit = DEFAULT_RECORD_LIMITS.maxDocumentBytes): Promise<string> {
  // Loaded here, not at start-up: the import service's file checks come with the formats' code.
  const { fileSystemProblem, sourceFileProblem } = await import('../services/import/sourceFiles');
  const problem = sourceFileProblem(file);
  if (problem) throw new UsageError(`cannot read ${file}: ${problem.message}`);
  const size = fs.statSync(file).size;
  if (size > limit) throw new UsageError(`cannot read ${file}: it is ${sizeText(size)}, larger than the limit of ${sizeText(limit)} for a file read whole`);
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${fileSystemProblem(error)?.message ?? (error as Error).message}`);
  }
}
