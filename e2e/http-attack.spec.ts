import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { FORMATS } from '../electron/testing/fixtures';
import { rawRequest, requestText } from '../electron/testing/rawHttp';
import { startServeProcess } from '../electron/testing/serveProcess';
import { AppShell } from './pages/AppShell';
import { expect, test } from './fixtures';

// Issue 15, "Done when": the real `accord serve` (CLI process, 127.0.0.1, port 0) attacked the
// ways the issue saw it give way, plus CSRF from a page of another local server in Chromium.
// Each attack must be refused and leave the workspace and the upload folder as they were.
test.describe.configure({ mode: 'serial' });

const BIN = path.resolve(import.meta.dirname, '../electron/cli/bin.mjs');
let dir: string;
let workspace: string;
let env: NodeJS.ProcessEnv;

interface Served {
  child: ChildProcess;
  url: string;
  base: string;
  port: number;
  token: string;
}
const running: ChildProcess[] = [];

/** Starts `accord serve` and reads the URL it prints. */
async function serve(workspacePath: string, ...extra: string[]): Promise<Served> {
  const served = await startServeProcess(workspacePath, { args: extra, env });
  running.push(served.child);
  return served;
}

const stopped = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/** An API call made properly (token, JSON, as the lead lea), to look at the workspace after an attack. */
async function call<T>(server: Served, method: string, args: unknown = {}): Promise<T> {
  if (method !== 'annotators.identify') await call(server, 'annotators.identify', { name: 'lea', role: 'lead' });
  const response = await fetch(`${server.base}api/call/${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json', 'x-accord-as': 'lea' },
    body: JSON.stringify(args),
  });
  const reply = (await response.json()) as { ok: true; value: T } | { ok: false; error: { message: string } };
  if (!reply.ok) throw new Error(`${method}: ${reply.error.message}`);
  return reply.value;
}

/** What the uploads folders of every server hold (TMPDIR is ours). */
function uploadedFiles(): string[] {
  const tmp = path.join(dir, 'tmp');
  return fs
    .readdirSync(tmp)
    .filter((name) => name.startsWith('accord-uploads-'))
    .flatMap((folder) => fs.readdirSync(path.join(tmp, folder)));
}

test.beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-attack-'));
  fs.mkdirSync(path.join(dir, 'tmp'));
  // The servers' temporary uploads land in our folder; their backups and settings too.
  env = { ...process.env, TMPDIR: path.join(dir, 'tmp'), ACCORD_BACKUPS: path.join(dir, 'backups'), XDG_CONFIG_HOME: path.join(dir, 'config') };
  workspace = path.join(dir, 'target.accord');
  const imported = spawnSync(process.execPath, [BIN, 'import', path.join(FORMATS, 'plans.jsonl'), '--workspace', workspace], { env, encoding: 'utf8' });
  expect(imported.status, imported.stderr).toBe(0);
});
test.afterAll(async () => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

test('the token is in the fragment only, no cookie carries it, and nothing but the header opens the API', async () => {
  const server = await serve(workspace);
  try {
    expect(new URL(server.url).search).toBe('');
    for (const target of ['/', `/?token=${server.token}`, '/index.html']) {
      const reply = await rawRequest(server.port, requestText(server.port, 'GET', target));
      expect(reply.headers['set-cookie'], target).toBeUndefined();
    }
    const refused: Record<string, string>[] = [
      { cookie: `accord_token=${server.token}` },
      { authorization: `Basic ${Buffer.from(`x:${server.token}`).toString('base64')}` },
      {},
    ];
    for (const headers of refused) {
      const reply = await rawRequest(server.port, requestText(server.port, 'POST', '/api/call/datasets.list', { 'content-type': 'application/json', ...headers }, '{}'));
      expect(reply.status, JSON.stringify(headers)).toBe(401);
    }
    const query = await rawRequest(server.port, requestText(server.port, 'POST', `/api/call/datasets.list?token=${server.token}`, { 'content-type': 'application/json' }, '{}'));
    expect(query.status).toBe(401);
  } finally {
    server.child.kill('SIGTERM');
    await stopped(server.child);
  }
});

test('what the issue saw: open redirect, URIError, a 40 MB body, a 2 GB upload, a foreign Host', async () => {
  const server = await serve(workspace);
  try {
    const auth = { authorization: `Bearer ${server.token}` };
    // GET /a/..//evil.example/?token=… redirected to //evil.example/ while setting the cookie.
    const redirect = await rawRequest(server.port, requestText(server.port, 'GET', `/a/..//evil.example/?token=${server.token}`));
    expect(redirect.status).toBe(404);
    expect(redirect.headers.location).toBeUndefined();
    expect(redirect.headers['set-cookie']).toBeUndefined();

    // A malformed percent-encoding in the API path answered 500 "URIError".
    const malformed = await rawRequest(server.port, requestText(server.port, 'POST', '/api/call/items.l%E0%A4%A', { ...auth, 'content-type': 'application/json' }, '{}'));
    expect(malformed.status).toBe(400);
    expect(malformed.body).not.toMatch(/URIError|internal/);

    // A 40 MB JSON body was "not valid JSON".
    const big = await fetch(`${server.base}api/call/datasets.list`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: `{"x":"${'a'.repeat(40 * 1024 * 1024)}"}` });
    expect(big.status).toBe(413);
    expect(await big.text()).toMatch(/Too large: an API call's body is limited to 32 MB/);

    // A 2 GB upload was stored whole: now refused from its declared size, before a byte is stored.
    const huge = await rawRequest(server.port, requestText(server.port, 'POST', '/api/upload?name=huge.jsonl', { ...auth, 'content-type': 'application/octet-stream', 'content-length': String(2 * 1024 ** 3) }, 'x'.repeat(1000)));
    expect(huge.status).toBe(413);
    expect(huge.body).toMatch(/Too large: uploads are limited to 1024 MB/);
    expect(uploadedFiles()).toEqual([]);

    // DNS rebinding: a foreign name resolving to 127.0.0.1 reaches the port with its own Host.
    const rebound = await rawRequest(server.port, requestText(server.port, 'POST', '/api/call/datasets.list', { ...auth, host: `evil.example:${server.port}`, 'content-type': 'application/json' }, '{}'));
    expect(rebound.status).toBe(403);
  } finally {
    server.child.kill('SIGTERM');
    await stopped(server.child);
  }
});

test('an upload over --max-upload-mb, streamed, is refused and leaves nothing; uploads go when the server stops', async () => {
  const server = await serve(workspace, '--max-upload-mb', '1');
  const auth = { authorization: `Bearer ${server.token}` };
  // Chunked (no declared length): refused when the bytes pass the limit, the partial file removed.
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= 3 * 1024 * 1024) return controller.close();
      sent += 256 * 1024;
      controller.enqueue(new Uint8Array(256 * 1024).fill(120));
    },
  });
  const over = await fetch(`${server.base}api/upload?name=big.jsonl`, { method: 'POST', headers: { ...auth, 'content-type': 'application/octet-stream' }, body: stream, duplex: 'half' } as RequestInit);
  expect(over.status).toBe(413);
  expect(await over.text()).toMatch(/Too large: uploads are limited to 1 MB/);
  expect(uploadedFiles()).toEqual([]);

  const kept = await fetch(`${server.base}api/upload?name=plans.jsonl`, { method: 'POST', headers: { ...auth, 'content-type': 'application/octet-stream' }, body: 'left behind' });
  expect(kept.status).toBe(200);
  expect(uploadedFiles()).toHaveLength(1);
  server.child.kill('SIGTERM');
  await stopped(server.child);
  expect(uploadedFiles()).toEqual([]);
});

/**
 * The page another local web server serves: it knows the Accord server's address (not its
 * token) and tries every way a page can reach it — fetch with and without credentials, no-cors
 * simple requests (text/plain, the upload that once wrote a file), a form POST, an event stream,
 * a guessed bearer header. It reports what it could read in `window.results`.
 */
function attackerPage(api: string): string {
  return `<!doctype html><html><body><iframe name="sink"></iframe><script>
const api = ${JSON.stringify(api)};
const results = {};
async function attempt(name, fn) {
  try { results[name] = await fn(); } catch (error) { results[name] = 'failed: ' + error.name; }
}
(async () => {
  for (const credentials of ['include', 'omit']) {
    await attempt('read workspace.info, credentials ' + credentials, async () => {
      const r = await fetch(api + 'api/call/workspace.info', { method: 'POST', credentials, headers: { 'content-type': 'text/plain' }, body: '{}' });
      return 'read ' + r.status + ' ' + (await r.text());
    });
    await attempt('delete dataset 1, no-cors, credentials ' + credentials, async () => {
      const r = await fetch(api + 'api/call/datasets.delete', { method: 'POST', mode: 'no-cors', credentials, headers: { 'content-type': 'text/plain' }, body: '{"id":1}' });
      return 'sent, ' + r.type;
    });
    await attempt('upload, no-cors, credentials ' + credentials, async () => {
      const r = await fetch(api + 'api/upload?name=evil.jsonl', { method: 'POST', mode: 'no-cors', credentials, headers: { 'content-type': 'text/plain' }, body: '{"query_id":"evil"}' });
      return 'sent, ' + r.type;
    });
  }
  await attempt('guessed bearer header', async () => {
    const r = await fetch(api + 'api/call/workspace.info', { method: 'POST', headers: { authorization: 'Bearer guess', 'content-type': 'application/json' }, body: '{}' });
    return 'read ' + r.status;
  });
  await attempt('event stream with credentials', () => new Promise((resolve) => {
    const source = new EventSource(api + 'api/events', { withCredentials: true });
    source.onopen = () => resolve('open');
    source.onerror = () => { source.close(); resolve('refused'); };
  }));
  await attempt('form POST, text/plain', () => new Promise((resolve) => {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = api + 'api/call/datasets.delete';
    form.enctype = 'text/plain';
    form.target = 'sink';
    const input = document.createElement('input');
    input.name = '{"id":1,"padding":"';
    input.value = '"}';
    form.appendChild(input);
    document.body.appendChild(form);
    document.querySelector('iframe').onload = () => resolve('submitted');
    form.submit();
  }));
  await attempt('form POST, multipart upload', () => new Promise((resolve) => {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = api + 'api/upload?name=evil.jsonl';
    form.enctype = 'multipart/form-data';
    form.target = 'sink';
    const input = document.createElement('input');
    input.name = 'file';
    input.value = '{"query_id":"evil"}';
    form.appendChild(input);
    document.body.appendChild(form);
    document.querySelector('iframe').onload = () => resolve('submitted');
    form.submit();
  }));
  await attempt('frame the app', () => new Promise((resolve) => {
    const frame = document.createElement('iframe');
    frame.src = api;
    frame.onload = () => { try { resolve('framed: ' + frame.contentWindow.sessionStorage.getItem('accord.token')); } catch (error) { resolve('not readable: ' + error.name); } };
    document.body.appendChild(frame);
  }));
  window.results = results;
  document.title = 'done';
})();
</script></body></html>`;
}

test('CSRF from a page on another local port: every way in is refused, with and without credentials', async ({ browser }) => {
  const server = await serve(workspace);
  const seen: http.IncomingHttpHeaders[] = [];
  const attacker = http.createServer((request, response) => {
    seen.push(request.headers);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(attackerPage(server.base));
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  const attackerUrl = `http://127.0.0.1:${(attacker.address() as { port: number }).port}/`;
  try {
    const before = await call<{ id: number }[]>(server, 'datasets.list');
    expect(before).toHaveLength(1);

    // The person has Accord open (logged in) in the same browser when they visit the other page.
    const context = await browser.newContext();
    const app = await context.newPage();
    await new AppShell(app).open(server.url);
    await expect(new AppShell(app).workspaceName).toContainText('target');
    const evil = await context.newPage();
    await evil.goto(attackerUrl);
    await expect(evil).toHaveTitle('done', { timeout: 30_000 });
    const results = (await evil.evaluate('window.results')) as Record<string, string>;

    // Nothing could be read; the opaque no-cors requests were sent but refused (checked below).
    for (const [name, outcome] of Object.entries(results)) {
      expect(outcome, name).not.toMatch(/^read 200|"ok":true|^open$|^framed/);
    }
    expect(results['read workspace.info, credentials include']).toBe('failed: TypeError');
    expect(results['read workspace.info, credentials omit']).toBe('failed: TypeError');
    expect(results['guessed bearer header']).toBe('failed: TypeError');
    expect(results['event stream with credentials']).toBe('refused');

    // The workspace is as it was: no dataset deleted, no upload stored.
    expect(await call<{ id: number }[]>(server, 'datasets.list')).toEqual(before);
    expect(await call<unknown[]>(server, 'datasets.trash')).toEqual([]);
    expect(uploadedFiles()).toEqual([]);
    // No cookie anywhere, and the other server never saw the token.
    expect(await context.cookies()).toEqual([]);
    expect(JSON.stringify(seen)).not.toContain(server.token);
    await context.close();
  } finally {
    attacker.close();
    server.child.kill('SIGTERM');
    await stopped(server.child);
  }
});

test('a second server, and a restarted one on the same port, open from their own printed URLs in the same browser', async ({ browser }) => {
  const first = await serve(workspace);
  const second = await serve(path.join(dir, 'second.accord'));
  const context = await browser.newContext();
  try {
    const a = await context.newPage();
    await new AppShell(a).open(first.url);
    await expect(new AppShell(a).workspaceName).toContainText('target');
    const b = await context.newPage();
    await new AppShell(b).open(second.url);
    await expect(new AppShell(b).workspaceName).toContainText('second');

    // Restart the first on its port: its new URL, opened in the tab of the old one, just works.
    first.child.kill('SIGTERM');
    await stopped(first.child);
    const restarted = await serve(workspace, '--port', String(first.port));
    expect(restarted.port).toBe(first.port);
    expect(restarted.token).not.toBe(first.token);
    await a.goto(restarted.url);
    await a.reload();
    await expect(new AppShell(a).workspaceName).toContainText('target');
    await expect(a.getByText(/needs its access token/)).toHaveCount(0);
    await b.reload();
    await expect(new AppShell(b).workspaceName).toContainText('second');
    restarted.child.kill('SIGTERM');
    await stopped(restarted.child);
  } finally {
    await context.close();
    second.child.kill('SIGTERM');
    await stopped(second.child);
  }
});
