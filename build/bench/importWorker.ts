// Child process of the import benchmark, so each side's peak memory is its own.
//   importWorker.ts accord   FILE WORKSPACE  → imports FILE with the real import service
//   importWorker.ts baseline FILE WORKSPACE  → inserts the same rows (read back from the
//                                                accord run's workspace) with a bare loop
//   importWorker.ts baseline-rollback …        → the same loop through the rollback journal
//                                                (for reference: how accord writes big files)
import Database from 'better-sqlite3';
import path from 'node:path';
import { openSession } from '../../electron/services/session';
import { importFiles } from '../../electron/services/import/importFiles';
import { openWorkspace } from '../../db/workspace';

const [mode, file, workspace, source] = process.argv.slice(2);

if (mode === 'accord') {
  const session = openSession({ workspacePath: workspace });
  const started = performance.now();
  const report = await importFiles(session.ctx, [{ path: file, displayName: path.basename(file) }]);
  const seconds = (performance.now() - started) / 1000;
  session.close();
  const f = report.files[0];
  if (f.status !== 'imported') throw new Error(`import failed: ${JSON.stringify(f.errors)}`);
  print({ seconds, rows: f.imported });
} else if (mode === 'baseline' || mode === 'baseline-rollback') {
  // Rows prepared outside the timed part: the baseline is the cost of writing them only.
  const from = new Database(source, { readonly: true });
  const items = from.prepare('SELECT * FROM items ORDER BY id').all() as Record<string, unknown>[];
  const findings = from.prepare('SELECT * FROM findings ORDER BY id').all() as Record<string, unknown>[];
  from.close();
  const db = openWorkspace(workspace);
  db.prepare("INSERT INTO datasets (id, name, kind, created_at) VALUES (1, 'bench', 'conversation', 'now')").run();
  db.prepare("INSERT INTO imports (id, dataset_id, file_name, content_hash, format, item_count, skipped_count, imported_at) VALUES (1, 1, 'f', 'h', 'x', 0, 0, 'now')").run();
  // Parameters by position, as the import binds them.
  const columns = ['id', 'external_id', 'kind', 'payload', 'raw_text', 'content_hash', 'metadata', 'metrics', 'source_line', 'error_count', 'warning_count', 'info_count', 'created_at', 'updated_at'];
  const insertItem = db.prepare(`INSERT INTO items (dataset_id, import_id, ${columns.join(', ')}) VALUES (1, 1, ${columns.map(() => '?').join(', ')})`);
  const insertFinding = db.prepare('INSERT INTO findings (item_id, validator, severity, location, message) VALUES (?, ?, ?, ?, ?)');
  const itemRows = items.map((item) => columns.map((column) => item[column]));
  const findingRows = findings.map((f) => [f.item_id, f.validator, f.severity, f.location, f.message]);
  const started = performance.now();
  const write = async () =>
    db.transaction(() => {
      for (const row of itemRows) insertItem.run(...row);
      for (const row of findingRows) insertFinding.run(...row);
    })();
  if (mode === 'baseline-rollback') db.pragma('journal_mode = delete');
  await write();
  const seconds = (performance.now() - started) / 1000;
  db.close();
  print({ seconds, rows: items.length });
} else {
  throw new Error(`unknown mode ${mode}`);
}

function print(result: { seconds: number; rows: number }) {
  const peakMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(`${JSON.stringify({ ...result, peakMb })}\n`);
}
