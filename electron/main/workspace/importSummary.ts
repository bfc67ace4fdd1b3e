import path from 'node:path';
import type { ImportReport } from '../../api/contract';
import { counted } from '../../common/numberFormat';

/** A message box's worth of text about an import started from the menu. */
export interface ImportSummary {
  type: 'info' | 'warning';
  message: string;
  detail: string;
}

const MAX_ERRORS_SHOWN = 3;

/** Summarises an import report: one line per file, with its first errors when it was rejected. */
export function summarizeImport(report: ImportReport): ImportSummary {
  const rejected = report.files.filter((file) => file.status === 'rejected');
  const imported = report.files.filter((file) => file.status === 'imported');
  const lines = report.files.map((file) => {
    const name = path.basename(file.file);
    if (file.status === 'rejected') {
      const errors = file.errors.slice(0, MAX_ERRORS_SHOWN).map((e) => `    ${e.line !== null ? `line ${e.line}${e.column !== null ? `:${e.column}` : ''}: ` : ''}${e.message}`);
      const more = file.errors.length > MAX_ERRORS_SHOWN ? [`    … and ${file.errors.length - MAX_ERRORS_SHOWN} more`] : [];
      return [`✗ ${name}: rejected`, ...errors, ...more].join('\n');
    }
    if (file.status === 'unchanged') return `= ${name}: already imported, nothing changed`;
    const skipped = file.skipped > 0 ? `, ${file.skipped} skipped` : '';
    return `✓ ${name}: ${counted(file.imported, file.kind ?? 'item')} into "${file.dataset ?? '?'}"${skipped}`;
  });
  const count = (n: number) => counted(n, 'file');
  const message =
    rejected.length === 0
      ? `Imported ${count(imported.length)}${report.files.length > imported.length ? ` (${report.files.length - imported.length} unchanged)` : ''}.`
      : `${count(rejected.length)} of ${report.files.length} could not be imported.`;
  return { type: rejected.length === 0 ? 'info' : 'warning', message, detail: lines.join('\n') };
}
