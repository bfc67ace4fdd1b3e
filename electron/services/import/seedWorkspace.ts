import fs from 'node:fs';
import path from 'node:path';
import type { ImportFileReport, ImportReport } from '../../api/contract';
import type { ServiceContext } from '../context';
import { importFiles } from './importFiles';

/**
 * Fills an empty workspace from `folder` (the demo dataset in `fixtures/` for `npm start`),
 * grouping files into datasets as `datasets.json` there says (`{ "dataset": ["file", …] }`).
 * A workspace that already holds datasets is left alone (returns null).
 */
export async function seedWorkspace(ctx: ServiceContext, folder: string): Promise<ImportReport | null> {
  if (ctx.sql.one(ctx.sql.q.selectFrom('datasets').select('id').limit(1))) return null;
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'datasets.json'), 'utf8')) as Record<string, string[]>;
  const files: ImportFileReport[] = [];
  for (const [dataset, names] of Object.entries(manifest)) {
    const sources = names.map((name) => ({ path: path.join(folder, name), displayName: name }));
    files.push(...(await importFiles(ctx, sources, { dataset })).files);
  }
  return { files };
}
