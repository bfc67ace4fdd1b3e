import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { defaultWorkspacePath } from '../../../electron/cli/defaultWorkspace';
import { createProgram } from '../../../electron/cli/program';
import { seedWorkspace } from '../../../electron/services/import/seedWorkspace';
import { openSession } from '../../../electron/services/session';
import { bundleElectron } from './bundle';
import { findElectron } from './electronInstall';
import { planLaunch } from './launchPlan';
import { tryOpenBrowser } from './openBrowser';
import { rendererNeedsBuild } from './rendererFreshness';

const log = (text: string) => process.stdout.write(`${text}\n`);

/**
 * `npm start`: makes sure the renderer is built, fills the default workspace from fixtures/
 * when it is empty, then runs the desktop app — or, where Electron is not installed, browser
 * mode on the same workspace with a message saying why. Returns the exit code.
 */
export async function runStart(root: string): Promise<number> {
  if (rendererNeedsBuild(root)) {
    log('Building the user interface (vite build)…');
    const vite = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (vite.status !== 0) {
      log('npm start: the user interface did not build (see above).');
      return 1;
    }
  }

  const workspacePath = defaultWorkspacePath();
  await fillFromFixtures(workspacePath, path.join(root, 'fixtures'));

  const plan = planLaunch({ install: findElectron(root), platform: process.platform, env: process.env });
  if (plan.mode === 'electron') {
    await bundleElectron(root);
    log(`Starting the Accord desktop app on ${workspacePath}`);
    return runElectron(plan.binary, root);
  }
  log('');
  log('Accord is opening in browser mode: the desktop app (Electron) cannot run here.');
  log(`  Why: ${plan.reason}`);
  log('  Browser mode is the same user interface and the same workspace, served on 127.0.0.1.');
  log('');
  return serveInBrowser(workspacePath);
}

/** Imports fixtures/ into the workspace when it holds no dataset yet (seedWorkspace decides). */
async function fillFromFixtures(workspacePath: string, fixturesDir: string): Promise<void> {
  if (!fs.existsSync(fixturesDir) || fs.readdirSync(fixturesDir).length === 0) {
    log(`fixtures/ is empty: ${workspacePath} starts empty.`);
    return;
  }
  const session = openSession({ workspacePath });
  try {
    const report = await seedWorkspace(session.ctx, fixturesDir);
    if (!report) return;
    const imported = report.files.filter((f) => f.status === 'imported');
    const items = imported.reduce((sum, f) => sum + f.imported, 0);
    log(`Filled ${workspacePath} with the demo dataset: ${items} items from ${imported.length} files in fixtures/.`);
    for (const file of report.files.filter((f) => f.status === 'rejected')) {
      log(`  not imported: ${path.basename(file.file)}: ${file.errors[0]?.message ?? 'rejected'}`);
    }
  } finally {
    session.close();
  }
}

function runElectron(binary: string, root: string): Promise<number> {
  const env = { ...process.env };
  // Set, it would make Electron behave as plain Node and never open a window.
  delete env.ELECTRON_RUN_AS_NODE;
  const child = spawn(binary, [root], { cwd: root, stdio: 'inherit', env });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  return new Promise((resolve) => {
    child.on('error', (error) => {
      log(`npm start: cannot run Electron (${binary}): ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 0 : 1)));
  });
}

/** `accord serve` on the workspace (default port, else any free one), and the browser opened on it. */
async function serveInBrowser(workspacePath: string): Promise<number> {
  for (const port of [undefined, '0']) {
    let stderr = '';
    let opened = false;
    const program = createProgram({
      stdout: (text) => {
        process.stdout.write(text);
        const url = /Open: (\S+)/.exec(text)?.[1];
        if (url && !opened) {
          opened = true;
          if (tryOpenBrowser(process.platform, process.env, url)) log('(Opening it in your browser.)');
          else log('(Open that URL in a browser; Accord did not open one from here.)');
        }
      },
      stderr: (text) => {
        stderr += text;
        process.stderr.write(text);
      },
      stderrIsTTY: Boolean(process.stderr.isTTY),
    });
    const argv = ['node', 'accord', 'serve', '--workspace', workspacePath, ...(port ? ['--port', port] : [])];
    const code = await program.run(argv);
    if (code !== 0 && !port && stderr.includes('is in use')) {
      log('Trying any free port instead.');
      continue;
    }
    return code;
  }
  return 1;
}
