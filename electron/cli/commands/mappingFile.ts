import fs from 'node:fs';
import { MappingError, readMapping } from '../../core/formats/mapping/readMapping';
import type { Mapping } from '../../core/formats/mapping/model';
import { UsageError } from '../io';

/**
 * Reads and checks a mapping file for `accord import --mapping`, saying what is wrong with it
 * (unreadable, not JSON, or each problem of the mapping with its field).
 */
export function readMappingFile(file: string): Mapping {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`${file}: cannot read the mapping (${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file}: the mapping is not valid JSON (${(error as Error).message})`);
  }
  try {
    return readMapping(value);
  } catch (error) {
    if (error instanceof MappingError) throw new UsageError(`${file}: ${error.message}`);
    throw error;
  }
}
