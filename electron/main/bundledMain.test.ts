import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleElectron, type BundleResult } from '../../build/scripts/lib/bundle';
import { FORMATS } from '../testing/fixtures';
import { CONTENT_SECURITY_POLICY } from '../transports/http/staticFiles';

// The real bundle (dist/electron/main.cjs as `npm run build:electron` makes it), run in plain
// Node against electron/testing/fakeElectron.cjs: the wiring of main.ts and desktopApp.ts that no pure
// test reaches — protocol, IPC, window, menu, backups, shutdown — and the bundle's own
// promises: migrations found beside main.cjs, SQLite opened with the addon from resources/.

const projectRoot = path.resolve(import.meta.dirname, '../..');
const nodeAddon = path.join(path.dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')), 'build', 'Release', 'better_sqlite3.node');
let root: string;
let bundle: BundleResult;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-bundle-'));
  bundle = await bundleElectron(projectRoot, path.join(root, 'app', 'electron'));
  fs.mkdirSync(path.join(root, 'app', 'renderer'));
  fs.writeFileSync(path.join(root, 'app', 'renderer', 'index.html'), '<!doctype html><title>Accord</title>');
  fs.writeFileSync(path.join(root, 'app', 'secret.txt'), 'not for the renderer');
}, 60_000);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Runs the bundle in a child Node against the fake Electron; returns the scenario's JSON. */
function boot(scenario: string, withAddon: boolean, env: Record<string, string> = {}): Record<string, unknown> & { [key: string]: never | unknown } {
  return bootWithStderr(scenario, withAddon, env).out;
}

function bootWithStderr(scenario: string, withAddon: boolean, env: Record<string, string> = {}, mainFile = bundle.main): { out: Record<string, unknown>; stderr: string } {
  const run = fs.mkdtempSync(path.join(root, `${scenario}-`));
  if (withAddon) {
    // Standing in for Electron's build: under Node only Node's build loads.
    fs.mkdirSync(path.join(run, 'resources', 'native'), { recursive: true });
    fs.copyFileSync(nodeAddon, path.join(run, 'resources', 'native', 'better_sqlite3.node'));
  }
  const result = spawnSync(process.execPath, [path.join(import.meta.dirname, '..', 'testing', 'bootBundle.cjs'), mainFile, scenario, run], {
    encoding: 'utf8',
    timeout: 60_000,
    env: {
      ...process.env,
      HOME: run,
      XDG_CONFIG_HOME: path.join(run, 'config'),
      ACCORD_WORKSPACE: path.join(run, 'workspace.accord'),
      BOOT_IMPORT_FILE: path.join(FORMATS, 'sop-graph.json'),
      ...env,
    },
  });
  if (result.status !== 0) throw new Error(`the bundle did not boot (${result.status}):\n${result.stderr}\n${result.stdout}`);
  return { out: JSON.parse(result.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>, stderr: result.stderr };
}

describe('the bundle', () => {
  it('carries the migrations beside main.cjs and a preload that requires only electron', () => {
    const sources = fs.readdirSync(path.join(projectRoot, 'db', 'migrations')).filter((n) => n.endsWith('.sql'));
    expect(fs.readdirSync(bundle.migrationsDir).sort()).toEqual(sources.sort());
    const preload = fs.readFileSync(bundle.preload, 'utf8');
    expect([...preload.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1])).toEqual(['electron']);
    expect(preload).not.toMatch(/ipcRenderer\b[^.]*exposeInMainWorld|better-sqlite3/);
  });

  it('exposes exactly the three bridge functions from the preload', () => {
    const out = execFileSync(
      process.execPath,
      [
        '-e',
        `const Module = require('node:module'); const r = Module._resolveFilename;
         Module._resolveFilename = function (q, ...a) { return q === 'electron' ? ${JSON.stringify(path.join(import.meta.dirname, '..', 'testing', 'fakeElectron.cjs'))} : r.call(this, q, ...a); };
         require(${JSON.stringify(bundle.preload)});
         const exposed = globalThis.__fakeElectron.exposed;
         console.log(JSON.stringify({ names: Object.keys(exposed), keys: Object.keys(exposed.accord), path: exposed.accord.pathForFile({ name: 'x.jsonl' }) }));`,
      ],
      { encoding: 'utf8' },
    );
    expect(JSON.parse(out)).toEqual({ names: ['accord'], keys: ['invoke', 'onEvent', 'pathForFile'], path: path.join('/picked', 'x.jsonl') });
  });
});

describe('the bundled parse worker', () => {
  // ACCORD_IMPORT_WORKER=1 sends even this small file to the worker.
  const conversations = { BOOT_IMPORT_FILE: path.join(FORMATS, 'conversations-chat.jsonl'), ACCORD_IMPORT_WORKER: '1' };
  const importedBoth = { ok: true, value: { files: [{ status: 'imported', kind: 'conversation', imported: 2 }] } };

  it('is beside main.cjs, and the bundled app imports a JSONL with it', () => {
    expect(bundle.parseWorker).toBe(path.join(path.dirname(bundle.main), 'parseWorker.cjs'));
    expect(fs.readFileSync(bundle.parseWorker, 'utf8')).not.toMatch(/better-sqlite3|require\("electron"\)/);
    const { out, stderr } = bootWithStderr('full', true, conversations);
    expect(out.imported).toMatchObject(importedBoth);
    expect(stderr).not.toMatch(/could not start/);
  }, 60_000);

  it('is what the app starts: a broken one is reported, and the file is parsed in the main thread instead', () => {
    const copy = path.join(root, 'broken-worker', 'electron');
    fs.cpSync(path.dirname(bundle.main), copy, { recursive: true });
    fs.writeFileSync(path.join(copy, 'parseWorker.cjs'), "throw new Error('broken on purpose');\n");
    const { out, stderr } = bootWithStderr('full', true, conversations, path.join(copy, 'main.cjs'));
    expect(out.imported).toMatchObject(importedBoth);
    expect(stderr).toMatch(/the import worker could not start \(broken on purpose\); parsing in the importing thread instead/);
  }, 60_000);
});

describe('the bundled main process against a fake Electron', () => {
  let out: Record<string, unknown>;
  beforeAll(() => {
    out = boot('full', true);
  }, 60_000);

  it('sets up before ready: user data under "Accord", sandbox for all, the privileged app scheme', () => {
    expect(out.name).toBe('Accord');
    expect(out.userData).toMatch(/appData[/\\]Accord$/);
    expect(out.sandbox).toBe(true);
    expect(out.schemes).toEqual([{ scheme: 'accord', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }]);
  });

  it('opens one secure window on the app page, titled after the workspace', () => {
    expect(out.loadedUrl).toBe('accord://app/index.html');
    expect(out.title).toBe('workspace.accord — Accord');
    expect(out.windowOptions).toMatchObject({
      show: false,
      webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true },
    });
    expect((out.windowOptions as { webPreferences: { preload: string } }).webPreferences.preload).toBe(bundle.preload);
  });

  it('serves the renderer with the CSP header, and nothing outside it', () => {
    expect(out.index).toEqual({ status: 200, csp: CONTENT_SECURITY_POLICY, type: 'text/html; charset=utf-8', body: '<!doctype html><title>Accord</title>' });
    expect(out.escape).toEqual({ status: 404 });
  });

  it('answers the trusted frame over the one IPC channel, with the workspace migrated from the bundled SQL', () => {
    expect(out.ipcChannels).toEqual(['accord:invoke']);
    expect(out.info).toMatchObject({ ok: true, value: { path: expect.stringMatching(/workspace\.accord$/) } });
    expect((out.info as { value: { schemaVersion: number } }).value.schemaVersion).toBeGreaterThan(0);
    expect(out.foreign).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it("opens SQLite with the addon from resources/native, never node_modules' build", () => {
    expect(out.addonsLoaded).toEqual([expect.stringMatching(/[/\\]resources[/\\]native[/\\]better_sqlite3\.node$/)]);
  });

  it('imports through IPC, streaming progress and change events to the window', () => {
    expect(out.imported).toMatchObject({ ok: true, value: { files: [{ status: 'imported', kind: 'graph' }] } });
    expect(out.eventsSent).toContain('job.progress');
    expect(out.eventsSent).toContain('workspace.changed');
    expect((out.progress as number[]).at(-1)).toBe(-1);
  });

  it('blocks navigation and new windows, and asks before opening a link outside', () => {
    expect(out.navigationListeners).toEqual([1, 1, 1]);
    expect(out.windowOpen).toEqual({ action: 'deny' });
    expect(out.navigationToFilePrevented).toBe(true);
    expect(out.confirmation).toMatchObject({ message: 'Open this link in your web browser?', detail: 'https://example.org/', cancelId: 1 });
    // Closing or reloading with unsaved edits (a judge being edited) asks; Stay is the default.
    expect(out.unsavedQuestion).toMatchObject({ message: 'Leave with unsaved edits?', buttons: ['Leave', 'Stay'], defaultId: 1, cancelId: 1 });
    expect(out.leftAfter).toEqual([false, true]);
    expect(out.openedAfterCancel).toEqual([]);
    expect(out.permissions).toEqual([false, true]);
    expect(out.cspOnDocuments).toEqual({ responseHeaders: { 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
  });

  it('installs the menu and remembers the workspace', () => {
    const file = (out.menu as { label: string; items: string[] }[]).find((m) => m.label === '&File');
    expect(file?.items).toEqual(expect.arrayContaining(['New Workspace…', 'Open Workspace…', 'Open Recent', 'Import Files…', 'Export Workspace Copy…']));
    expect(out.settings).toMatchObject({ recentWorkspaces: [expect.stringMatching(/workspace\.accord$/)], lastWorkspace: expect.stringMatching(/workspace\.accord$/) });
  });

  it("takes today's backup at launch", () => {
    expect(out.backups).toEqual([[expect.stringMatching(/^\d{4}-\d{2}-\d{2}\.accord$/)]]);
  });

  it('holds the quit until the workspace is closed, saving the window state', () => {
    expect(out.quitCalls).toBe(2);
    expect(out.ipcAfterQuit).toEqual([]);
    expect(out.windowState).toEqual({ x: 10, y: 20, width: 1200, height: 800, maximized: false });
  });
});

describe('the bundled main process at launch', () => {
  it('quits at once when another Accord holds the single-instance lock', () => {
    expect(boot('second-instance', true)).toMatchObject({ quitCalls: 1, windows: 0, ipc: [] });
  });

  it('says how to build the SQLite addon when a checkout lacks Electron’s build of it', () => {
    const out = boot('checkout-without-addon', false) as { exitCode: number; errorBoxes: { content: string }[]; windows: number };
    expect(out.exitCode).toBe(1);
    expect(out.windows).toBe(0);
    expect(out.errorBoxes[0].content).toContain('npm run electron:fetch');
  });
});
