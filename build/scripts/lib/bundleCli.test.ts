import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_CACHE_ENV, CODE_CACHE_SUFFIX } from '../../../electron/cli/bundleLoader.cjs';
import { cliBundleState, MANIFEST_NAME } from '../../../electron/cli/cliBundle.cjs';
import { bundleCli, type CliBundleResult, type CliManifest } from './bundleCli';

// The bundled `accord` as `npm ci` leaves it, built here into a folder of its own beside
// dist/cli (at the same depth, so it finds the sources and node_modules the same way), so that
// tests spawning bin.cjs meanwhile are not disturbed.
const root = path.resolve(import.meta.dirname, '../../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { bin: Record<string, string> };
let built: CliBundleResult;
let scratch: string;

beforeAll(async () => {
  fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
  scratch = fs.mkdtempSync(path.join(root, 'dist', 'cli-test-'));
  built = await bundleCli(root, path.join(scratch, 'cli'));
}, 120_000);
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** The chunk the entry (`accord.cjs`) runs. */
function entryChunk(): string {
  const chunk = /runBundle\([^,]+, "([^"]+)"/.exec(fs.readFileSync(built.entry, 'utf8'))?.[1];
  if (!chunk) throw new Error('accord.cjs names no chunk to run');
  return path.join(built.outDir, chunk);
}

/**
 * `file` and the chunks it requires at its top level, transitively: what loads before any action
 * runs. (An action's `await import(…)` became a require inside a promise, not at a line's start.)
 */
function staticClosure(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const text = fs.readFileSync(file, 'utf8');
  for (const match of text.matchAll(/^(?:var \w+ = )?require\("(\.\/[^"]+)"\);$/gm)) staticClosure(path.join(path.dirname(file), match[1]), seen);
  return [...seen];
}

/** Modification times of the code caches, by file. */
function cacheTimes(): Record<string, number> {
  const caches = fs.readdirSync(built.outDir).filter((f) => f.endsWith(CODE_CACHE_SUFFIX));
  return Object.fromEntries(caches.map((f) => [f, fs.statSync(path.join(built.outDir, f)).mtimeMs]));
}

function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(process.execPath, [built.entry, ...args], { encoding: 'utf8', env: { ...process.env, ACCORD_WORKSPACE: '', ...env } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the CLI bundle', () => {
  it('is written with its worker and manifest, and `node <bundle> --help` prints the usage', () => {
    expect(path.basename(built.entry)).toBe('accord.cjs');
    for (const file of [built.entry, built.parseWorker, built.manifest]) expect(fs.existsSync(file)).toBe(true);
    const help = run(['--help']);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^Usage: accord \[options\] \[command\]/);
    for (const command of ['import', 'items', 'serve', 'task', 'labels', 'pack', 'judge', 'agreement']) expect(help.stdout).toContain(`\n  ${command}`);
  });

  it('keeps what actions load out of what --help reads: no statistics, services, OpenAI client, HTTP server or zod', () => {
    const closure = staticClosure(entryChunk());
    expect(closure.length).toBeGreaterThan(1);
    // What went into those chunks, as esbuild recorded it.
    const read = closure.flatMap((file) => Object.keys(built.metafile.outputs[path.relative(root, file).split(path.sep).join('/')].inputs)).join('\n');
    expect(read).toContain('electron/cli/program.ts');
    for (const source of ['electron/services/dispatch.ts', 'electron/core/stats/agreementReport.ts', 'node_modules/openai/', 'electron/transports/http/server.ts', 'node_modules/zod/']) {
      expect(read, source).not.toContain(source);
    }
    // better-sqlite3 is required at the first database opened (through the lazy stand-in's requireHere), never imported.
    const everything = fs.readdirSync(built.outDir).filter((f) => f.endsWith('.cjs') && f !== 'parseWorker.cjs').map((f) => fs.readFileSync(path.join(built.outDir, f), 'utf8'));
    expect(everything.some((text) => text.includes('requireHere("better-sqlite3")'))).toBe(true);
    expect(everything.some((text) => /\brequire\("better-sqlite3"\)/.test(text))).toBe(false);
  });

  it('starts without loading child_process (commander spawns nothing for accord) or copying Node modules', () => {
    // Node's list of the built-in modules this process loaded, written as it exits.
    const hook = path.join(scratch, 'loaded-modules.mjs');
    fs.writeFileSync(hook, "process.on('exit', () => process.stderr.write(JSON.stringify(process.moduleLoadList)));\n");
    const help = spawnSync(process.execPath, ['--import', pathToFileURL(hook).href, built.entry, '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    const loaded = JSON.parse(help.stderr) as string[];
    expect(loaded).toContain('NativeModule vm');
    expect(loaded).not.toContain('NativeModule child_process');
    // `import fs from "node:fs"` became a plain require, not __toESM's copy of every property.
    const chunks = fs.readdirSync(built.outDir).filter((f) => f.endsWith('.cjs') && f !== 'parseWorker.cjs');
    expect(chunks.filter((f) => fs.readFileSync(path.join(built.outDir, f), 'utf8').includes('__toESM(require("node:'))).toEqual([]);
  });

  it('computes agreement from a ratings CSV', () => {
    const csv = path.join(scratch, 'ratings.csv');
    fs.writeFileSync(csv, 'unit,rater,value\nu1,a,x\nu1,b,x\nu2,a,y\nu2,b,y\nu3,a,x\nu3,b,y\n');
    const result = run(['agreement', '--ratings', csv, '--bootstrap', '0', '--json']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(result.stdout)).toMatchObject({ units: 3, raters: ['a', 'b'] });
  });

  it('opens a workspace (migrations from db/) and parses an import in the worker beside the bundle', () => {
    // A stand-in worker that leaves a mark, then runs the real one.
    const marker = path.join(scratch, 'worker-ran');
    fs.renameSync(built.parseWorker, path.join(built.outDir, 'realParseWorker.cjs'));
    fs.writeFileSync(built.parseWorker, `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'x');\nrequire('./realParseWorker.cjs');\n`);
    const plans = path.join(scratch, 'plans.jsonl');
    fs.writeFileSync(plans, '{"query_id": "a", "query": "Q", "plan": {}}\n{"query_id": "b", "query": "R", "plan": {}}\n');
    const workspace = path.join(scratch, 'w.accord');
    const result = run(['import', plans, '--workspace', workspace, '--json'], { ACCORD_IMPORT_WORKER: '1' });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(result.stdout).files[0]).toMatchObject({ status: 'imported', imported: 2 });
    expect(fs.existsSync(marker)).toBe(true);
    expect(run(['items', '--workspace', workspace, '--json']).stdout).toContain('"externalId": "b"');
  });

  it('runs its chunks with the code caches the build made, which V8 accepts (a run rewrites none)', () => {
    const before = cacheTimes();
    // The entry chunk, what --help reads and the statistics all have one.
    expect(Object.keys(before)).toContain(`${path.basename(entryChunk())}${CODE_CACHE_SUFFIX}`);
    expect(Object.keys(before).length).toBeGreaterThan(staticClosure(entryChunk()).length);
    const csv = path.join(scratch, 'cached.csv');
    fs.writeFileSync(csv, 'unit,rater,value\nu1,a,x\nu1,b,x\nu2,a,y\nu2,b,x\n');
    expect(run(['agreement', '--ratings', csv, '--bootstrap', '20'])).toMatchObject({ code: 0, stderr: '' });
    expect(run(['--help'])).toMatchObject({ code: 0, stderr: '' });
    // A cache V8 rejected or found missing is written when the run exits: none was.
    expect(cacheTimes()).toEqual(before);
  });

  it('runs the same with a code cache missing, rejected or turned off, and writes the missing or rejected one at exit', () => {
    const entryCache = `${entryChunk()}${CODE_CACHE_SUFFIX}`;
    const help = run(['--help']).stdout;
    fs.rmSync(entryCache);
    expect(run(['--help'], { [CODE_CACHE_ENV]: 'off' })).toMatchObject({ code: 0, stdout: help });
    expect(fs.existsSync(entryCache)).toBe(false);
    expect(run(['--help'])).toMatchObject({ code: 0, stdout: help });
    expect(fs.statSync(entryCache).size).toBeGreaterThan(1000);
    // Not V8's: rejected, compiled from the source instead, and replaced.
    fs.writeFileSync(entryCache, 'not a code cache');
    expect(run(['--help'])).toMatchObject({ code: 0, stdout: help });
    expect(fs.statSync(entryCache).size).toBeGreaterThan(1000);
    expect(fs.readdirSync(built.outDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('bin.cjs (and bin.mjs, which imports it) with ACCORD_CLI=bundle runs a fresh bundle, and refuses a stale one instead of running the sources', () => {
    // bin.cjs finds the project two folders above itself: a copy of it beside a bundle of our making.
    const binRoot = path.join(scratch, 'bin-root');
    fs.mkdirSync(path.join(binRoot, 'electron', 'cli'), { recursive: true });
    fs.mkdirSync(path.join(binRoot, 'dist', 'cli'), { recursive: true });
    for (const file of ['bin.cjs', 'bin.mjs', 'cliBundle.cjs', 'bundleLoader.cjs']) fs.copyFileSync(path.join(root, 'electron', 'cli', file), path.join(binRoot, 'electron', 'cli', file));
    fs.writeFileSync(path.join(binRoot, 'dist', 'cli', 'accord.cjs'), "process.stdout.write('the bundle ran');\n");
    const source = path.join(binRoot, 'electron', 'cli', 'run.ts');
    fs.writeFileSync(source, '// the one source\n');
    const stat = fs.statSync(source);
    const writeManifest = (inputs: CliManifest['inputs']) =>
      fs.writeFileSync(path.join(binRoot, 'dist', 'cli', MANIFEST_NAME), JSON.stringify({ builtAt: '', entry: 'accord.cjs', inputs } satisfies CliManifest));
    // Node's list of the built-in modules the process loaded, written to stderr as it exits.
    const hook = path.join(scratch, 'loaded-modules.cjs');
    fs.writeFileSync(hook, "process.on('exit', () => process.stderr.write(JSON.stringify(process.moduleLoadList)));\n");
    const bin = (file: string) => spawnSync(process.execPath, ['--require', hook, path.join(binRoot, 'electron', 'cli', file), '--help'], { encoding: 'utf8', env: { ...process.env, ACCORD_CLI: 'bundle' } });

    writeManifest({ 'electron/cli/run.ts': { mtimeMs: stat.mtimeMs, size: stat.size } });
    for (const file of ['bin.cjs', 'bin.mjs']) expect(bin(file), file).toMatchObject({ status: 0, stdout: 'the bundle ran' });
    // package.json's bin starts the bundle without Node's ES module loader.
    expect(pkg.bin.accord).toBe('electron/cli/bin.cjs');
    expect(JSON.parse(bin('bin.cjs').stderr)).not.toContain('NativeModule internal/modules/esm/translators');
    expect(JSON.parse(bin('bin.mjs').stderr)).toContain('NativeModule internal/modules/esm/translators');

    writeManifest({ 'electron/cli/run.ts': { mtimeMs: stat.mtimeMs - 1000, size: stat.size } });
    for (const file of ['bin.cjs', 'bin.mjs']) {
      const stale = bin(file);
      expect(stale, file).toMatchObject({ status: 3, stdout: '' });
      expect(stale.stderr).toContain('ACCORD_CLI=bundle, but the CLI bundle is stale: electron/cli/run.ts');
    }
  });

  it('counts as fresh only while every source it was built from is unchanged', () => {
    expect(cliBundleState(root, built.outDir)).toEqual({ entry: built.entry });
    const manifest = JSON.parse(fs.readFileSync(built.manifest, 'utf8')) as CliManifest;
    expect(Object.keys(manifest.inputs)).toEqual(expect.arrayContaining(['electron/cli/run.ts', 'electron/cli/program.ts', 'db/workspace.ts', 'electron/services/import/parseWorker.ts']));
    expect(Object.keys(manifest.inputs).some((file) => file.includes('node_modules'))).toBe(false);

    const edited = { ...manifest, inputs: { ...manifest.inputs, 'electron/cli/program.ts': { ...manifest.inputs['electron/cli/program.ts'], mtimeMs: 1 } } };
    fs.writeFileSync(built.manifest, JSON.stringify(edited));
    expect(cliBundleState(root, built.outDir)).toEqual({ entry: null, reason: 'stale: electron/cli/program.ts' });
    const gone = { ...manifest, inputs: { ...manifest.inputs, 'electron/cli/removed.ts': { mtimeMs: 1, size: 1 } } };
    fs.writeFileSync(built.manifest, JSON.stringify(gone));
    expect(cliBundleState(root, built.outDir).entry).toBeNull();
    fs.rmSync(built.manifest);
    expect(cliBundleState(root, built.outDir)).toEqual({ entry: null, reason: 'missing' });
    fs.writeFileSync(path.join(built.outDir, MANIFEST_NAME), JSON.stringify(manifest));
  });
});
