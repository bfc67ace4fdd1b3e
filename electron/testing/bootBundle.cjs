// CommonJS on purpose: it stands in for Electron's CommonJS world (eslint.config.js treats *.cjs as CommonJS).
// Runs a bundled main process (argv[2]: main.cjs) against fakeElectron.cjs in plain Node, as
// the scenario named by argv[3] says, and prints what happened as JSON on the last line.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');

const [mainFile, scenario, root] = process.argv.slice(2);
const fake = path.join(__dirname, 'fakeElectron.cjs');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'electron' ? fake : resolve.call(this, request, ...rest);
};

const state = (globalThis.__fakeElectron = {
  paths: { appData: path.join(root, 'appData'), documents: path.join(root, 'documents') },
  isPackaged: scenario !== 'checkout-without-addon',
  lock: scenario !== 'second-instance',
});
process.resourcesPath = path.join(root, 'resources');

const until = async (condition, what, ms = 10000) => {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

async function main() {
  require(mainFile);
  const out = { scenario };
  if (scenario === 'second-instance') {
    await new Promise((r) => setTimeout(r, 100));
    return Object.assign(out, { quitCalls: state.quitCalls, windows: state.windows.length, ipc: [...state.ipcHandlers.keys()] });
  }
  if (scenario === 'checkout-without-addon') {
    await until(() => state.exitCode !== null, 'exit');
    return Object.assign(out, { exitCode: state.exitCode, errorBoxes: state.errorBoxes, windows: state.windows.length });
  }

  await until(() => state.windows.length > 0 && state.ipcHandlers.size > 0, 'the window');
  const win = state.windows[0];
  await until(() => win.shown, 'ready-to-show');
  Object.assign(out, {
    userData: state.paths.userData,
    name: state.name,
    sandbox: state.sandbox,
    schemes: state.schemes,
    windowOptions: win.options,
    loadedUrl: win.loadedUrl,
    title: win.title,
    ipcChannels: [...state.ipcHandlers.keys()],
    addonsLoaded: Object.keys(require.cache).filter((file) => file.endsWith('.node')),
  });

  // The renderer, served on the app scheme.
  const serve = state.protocolHandlers.accord;
  const index = await serve({ url: 'accord://app/index.html' });
  const escape = await serve({ url: 'accord://app/%2e%2e/%2e%2e/secret.txt' });
  out.index = { status: index.status, csp: index.headers.get('content-security-policy'), type: index.headers.get('content-type'), body: await index.text() };
  out.escape = { status: escape.status };

  // IPC: a trusted and a foreign frame.
  const invoke = state.ipcHandlers.get('accord:invoke');
  const trusted = { senderFrame: { url: 'accord://app/index.html#/', parent: null } };
  out.info = await invoke(trusted, 'workspace.info', {});
  out.foreign = await invoke({ senderFrame: { url: 'https://evil.example/', parent: null } }, 'workspace.info', {});
  // The window names who is calling beside the arguments: a lead, who may import.
  await invoke(trusted, 'annotators.identify', { name: 'lea', role: 'lead' }, 'lea');
  out.imported = await invoke(trusted, 'datasets.import', { sources: [{ path: process.env.BOOT_IMPORT_FILE }], jobId: 'boot-job' }, 'lea');
  out.eventsSent = state.sent.filter((s) => s.channel === 'accord:event').map((s) => s.args[0]);
  out.progress = win.progress;

  // Security wiring on the window's web contents and the session.
  const contents = win.webContents;
  out.navigationListeners = ['will-navigate', 'will-redirect', 'will-attach-webview'].map((e) => contents.listenerCount(e));
  out.windowOpen = contents.windowOpenHandler({ url: 'https://example.org/' });
  let prevented = false;
  contents.emit('will-navigate', { preventDefault: () => (prevented = true) }, 'file:///etc/passwd');
  out.navigationToFilePrevented = prevented;
  await until(() => state.messageBoxes.length > 0, 'the external-link confirmation');
  out.confirmation = state.messageBoxes[0];
  out.openedAfterCancel = state.opened.slice();
  // The page's beforeunload holds unsaved edits: Electron asks nothing itself, so the app asks;
  // Stay keeps the window (the event not prevented), Leave lets it go (prevented).
  const unloadPrevented = [];
  for (const answer of [1, 0]) {
    state.messageBoxSyncResponse = answer;
    let leave = false;
    contents.emit('will-prevent-unload', { preventDefault: () => (leave = true) });
    unloadPrevented.push(leave);
  }
  delete state.messageBoxSyncResponse;
  out.unsavedQuestion = state.messageBoxes.at(-1);
  out.leftAfter = unloadPrevented;
  out.permissions = await Promise.all(
    ['media', 'clipboard-sanitized-write'].map((p) => new Promise((r) => state.permissionRequestHandler(contents, p, r, { requestingUrl: 'accord://app/index.html' }))),
  );
  out.cspOnDocuments = await new Promise((r) => state.headersHandler({ resourceType: 'mainFrame', responseHeaders: {} }, (x) => r(x)));

  // The menu, and the remembered state.
  out.menu = state.menus.at(-1).map((m) => ({ label: m.label, items: (m.submenu || []).map((i) => i.label ?? i.role ?? i.type) }));
  const backups = path.join(state.paths.userData, 'backups');
  await until(() => fs.existsSync(backups) && fs.readdirSync(backups).some((d) => fs.readdirSync(path.join(backups, d)).some((f) => f.endsWith('.accord'))), 'the daily backup');
  out.backups = fs.readdirSync(backups).map((d) => fs.readdirSync(path.join(backups, d)));
  out.settings = JSON.parse(fs.readFileSync(path.join(state.paths.userData, 'settings.json'), 'utf8'));

  // Quit: will-quit is held until the workspace is closed.
  win.emit('close');
  state.windows.length = 0;
  require('electron').app.quit();
  await until(() => state.quitted, 'quit');
  out.quitCalls = state.quitCalls;
  out.windowState = JSON.parse(fs.readFileSync(path.join(state.paths.userData, 'window-state.json'), 'utf8'));
  out.ipcAfterQuit = [...state.ipcHandlers.keys()];
  return out;
}

main().then(
  (out) => {
    process.stdout.write(`\n${JSON.stringify(out)}\n`);
    process.exit(0);
  },
  (error) => {
    process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  },
);
