import type { ImportFileError, ImportFileReport } from '../../../../electron/api/contract';
import { formatCount } from '../../common/format';

/** `plans.jsonl:3:17 — message`, the way compilers point at a place; parts that are unknown are left out. */
export function formatFileError(file: string, error: ImportFileError): string {
  let place = file;
  if (error.line !== null) place += `:${error.line}`;
  if (error.line !== null && error.column !== null) place += `:${error.column}`;
  return `${place} — ${error.message}`;
}

/** One line that sums up a file's outcome for the results list. */
export function fileOutcome(report: ImportFileReport): string {
  const items = `${formatCount(report.imported)} ${report.imported === 1 ? 'item' : 'items'}`;
  switch (report.status) {
    case 'imported':
      return report.skipped > 0 ? `${items} imported, ${formatCount(report.skipped)} skipped` : `${items} imported`;
    case 'unchanged':
      return 'Already imported (same content): nothing changed';
    case 'rejected':
      return report.errors.length > 1 ? `Nothing imported from this file (${report.errors.length} errors)` : 'Nothing imported from this file';
  }
}

/** The file's name without the folders of a desktop path. */
export function baseName(file: string): string {
  return file.split(/[\\/]/).pop() ?? file;
}

/** The message the import service gives a file it stopped because the user cancelled. */
const CANCELLED = 'cancelled';

/** True when the user cancelled the import before this file was finished. */
export function wasCancelled(report: ImportFileReport): boolean {
  return report.status === 'rejected' && report.errors.some((e) => e.message === CANCELLED);
}
