import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS } from '../../testing/fixtures';
import { rawRequest, requestText, tricklingSocket } from '../../testing/rawHttp';
import { MAX_JSON_BODY_BYTES, startBrowserMode, type BrowserModeServer } from './server';

// Issue 15, part 2: every request answered cleanly — a 4xx with a message, never a 500 or an
// internal message; limits stated; no redirect anywhere; slow clients cut off.
const TOKEN = 'a'.repeat(64);
const MAX_UPLOAD = 1024 * 1024;
let dir: string;
let server: BrowserModeServer;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-http-'));
  const staticDir = path.join(dir, 'ui');
  fs.mkdirSync(path.join(staticDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(staticDir, 'assets', 'app.js'), 'console.log(1)');
  server = await startBrowserMode({
    workspacePath: path.join(dir, 'w.accord'),
    staticDir,
    token: TOKEN,
    maxUploadBytes: MAX_UPLOAD,
    timeouts: { headersMs: 1500, requestMs: 4000, bodyIdleMs: 700, checkIntervalMs: 200 },
  });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const auth = { authorization: `Bearer ${TOKEN}` };
const json = { ...auth, 'content-type': 'application/json' };
const send = (method: string, target: string, headers: Record<string, string> = {}, body = '') => rawRequest(server.port, requestText(server.port, method, target, headers, body));
const messageOf = (body: string) => (JSON.parse(body) as { error: { message: string } }).error.message;

/** Sends `bytes` of body with http.request (declared length, or chunked when `chunked`) and returns status and body. */
function post(target: string, headers: Record<string, string>, bytes: number, chunked = false): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: server.port, path: target, method: 'POST', headers: chunked ? headers : { ...headers, 'content-length': String(bytes) } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let left = bytes;
    const pump = () => {
      while (left > 0) {
        const piece = chunk.subarray(0, Math.min(chunk.length, left));
        left -= piece.length;
        if (!request.write(piece)) return void request.once('drain', pump);
      }
      request.end();
    };
    pump();
  });
}

describe('requests the server cannot make sense of get a 4xx that says why', () => {
  it('a malformed percent-encoding in an API path is a 400, not a URIError', async () => {
    const reply = await send('POST', '/api/call/items.%E0%A4%A', json, '{}');
    expect(reply.status).toBe(400);
    expect(messageOf(reply.body)).toBe('the method name in the path is not valid percent-encoding');
    expect(reply.body).not.toMatch(/URIError/);
  });

  it('a malformed percent-encoding in a page path is a 400 too', async () => {
    const reply = await send('GET', '/assets/%E0%A4%A.js');
    expect(reply.status).toBe(400);
    expect(reply.body).toMatch(/not valid percent-encoding/);
  });

  it('unknown methods are a 405 naming what is allowed; a method HTTP does not know is a 400', async () => {
    for (const [method, target] of [['PUT', '/api/call/items.list'], ['DELETE', '/'], ['OPTIONS', '/api/call/items.list'], ['PATCH', '/api/upload']]) {
      const reply = await send(method, target, json, '{}');
      expect(reply.status, `${method} ${target}`).toBe(405);
      expect(reply.headers.allow).toBeDefined();
    }
    const wrongVerb = await send('GET', '/api/call/items.list', auth);
    expect(wrongVerb.status).toBe(405);
    expect(messageOf(wrongVerb.body)).toBe('/api/call/items.list answers POST only');
    const nonsense = await rawRequest(server.port, `BR{W / HTTP/1.1\r\nhost: 127.0.0.1:${server.port}\r\n\r\n`);
    expect(nonsense.status).toBe(400);
    expect(nonsense.body).toMatch(/could not be read/);
  });

  it('unknown paths and API methods are a 404', async () => {
    expect((await send('GET', '/api/nothing', auth)).status).toBe(404);
    expect((await send('GET', '/no-such-file.js')).status).toBe(404);
    const method = await send('POST', '/api/call/items.steal', json, '{}');
    expect(method.status).toBe(404);
    expect(messageOf(method.body)).toBe('unknown method "items.steal"');
  });

  it('a body that is not JSON is a 400 saying so', async () => {
    const reply = await send('POST', '/api/call/items.list', json, '{"limit": ');
    expect(reply.status).toBe(400);
    expect(messageOf(reply.body)).toMatch(/^the body is not valid JSON/);
  });

  it('arguments of the wrong type are a 400 naming the argument', async () => {
    const reply = await send('POST', '/api/call/items.get', json, '{"id":"seven"}');
    expect(reply.status).toBe(400);
    expect(messageOf(reply.body)).toMatch(/^invalid arguments for items.get: id: /);
    for (const body of ['[1,2]', '"text"', '42', 'null']) {
      const other = await send('POST', '/api/call/items.get', json, body);
      expect(other.status, body).toBe(400);
    }
  });

  it('a caller header that is not percent-encoding is a 400', async () => {
    const reply = await send('POST', '/api/call/datasets.list', { ...json, 'x-accord-as': '%E0%A4%A' }, '{}');
    expect(reply.status).toBe(400);
    expect(messageOf(reply.body)).toMatch(/x-accord-as header is not a percent-encoded name/);
  });

  it('an API call must say it is JSON, and an upload must be octet-stream: a text/plain POST is a 415', async () => {
    const call = await send('POST', '/api/call/datasets.list', { ...auth, 'content-type': 'text/plain' }, '{}');
    expect(call.status).toBe(415);
    expect(messageOf(call.body)).toBe('/api/call/datasets.list takes application/json, not text/plain');
    const upload = await send('POST', '/api/upload?name=x.jsonl', { ...auth, 'content-type': 'text/plain' }, 'x');
    expect(upload.status).toBe(415);
    const none = await send('POST', '/api/call/datasets.list', auth, '{}');
    expect(none.status).toBe(415);
  });
});

describe('limits, stated', () => {
  it(`a JSON body over ${MAX_JSON_BODY_BYTES / 1024 / 1024} MB is a 413 naming the limit, declared or streamed`, async () => {
    const declared = await post('/api/call/datasets.list', json, 40 * 1024 * 1024);
    expect(declared.status).toBe(413);
    expect(messageOf(declared.body)).toBe("Too large: an API call's body is limited to 32 MB.");
    const streamed = await post('/api/call/datasets.list', json, 40 * 1024 * 1024, true);
    expect(streamed.status).toBe(413);
    expect(messageOf(streamed.body)).toMatch(/32 MB/);
  });

  it('an upload over the limit is a 413 naming it, and leaves no file behind', async () => {
    const headers = { ...auth, 'content-type': 'application/octet-stream' };
    const declared = await post('/api/upload?name=big.jsonl', headers, 2 * MAX_UPLOAD);
    expect(declared.status).toBe(413);
    expect(messageOf(declared.body)).toBe('Too large: uploads are limited to 1 MB (accord serve --max-upload-mb sets this).');
    const streamed = await post('/api/upload?name=big.jsonl', headers, 3 * MAX_UPLOAD, true);
    expect(streamed.status).toBe(413);
    expect(fs.readdirSync(server.uploadsFolder)).toEqual([]);
  });

  it('an upload is removed once the import that names it returns', async () => {
    const content = fs.readFileSync(path.join(FORMATS, 'plans.jsonl'));
    const upload = await fetch(`${server.baseUrl}api/upload?name=plans.jsonl`, { method: 'POST', headers: { ...auth, 'content-type': 'application/octet-stream' }, body: content });
    const { value } = (await upload.json()) as { value: { uploadId: string } };
    expect(fs.readdirSync(server.uploadsFolder)).toHaveLength(1);
    const lead = { ...json, 'x-accord-as': 'lea' };
    await fetch(`${server.baseUrl}api/call/annotators.identify`, { method: 'POST', headers: lead, body: JSON.stringify({ name: 'lea', role: 'lead' }) });
    const imported = await fetch(`${server.baseUrl}api/call/datasets.import`, { method: 'POST', headers: lead, body: JSON.stringify({ sources: [{ uploadId: value.uploadId, name: 'plans.jsonl' }] }) });
    expect(imported.status).toBe(200);
    expect(fs.readdirSync(server.uploadsFolder)).toEqual([]);
    // Used once: naming it again is refused in words.
    const again = await fetch(`${server.baseUrl}api/call/datasets.import`, { method: 'POST', headers: lead, body: JSON.stringify({ sources: [{ uploadId: value.uploadId, name: 'plans.jsonl' }] }) });
    expect(again.status).toBe(422);
    expect(((await again.json()) as { error: { message: string } }).error.message).toMatch(/unknown upload/);
  });
});

describe('no redirect, no foreign origin', () => {
  it('never redirects, whatever the path says (GET /a/..//evil.example/?token=…)', async () => {
    for (const target of [`/a/..//evil.example/?token=${TOKEN}`, '//evil.example/', `/?token=${TOKEN}`, '/%2F%2Fevil.example/']) {
      const reply = await send('GET', target);
      expect(reply.status, target).not.toBe(0);
      expect(reply.status >= 300 && reply.status < 400, `${target}: ${reply.status}`).toBe(false);
      expect(reply.headers.location, target).toBeUndefined();
      expect(reply.headers['set-cookie'], target).toBeUndefined();
    }
    const absolute = await send('GET', 'http://evil.example/');
    expect(absolute.status).toBe(400);
  });

  it('refuses a Host that is not this server (DNS rebinding), before anything else', async () => {
    const reply = await send('GET', '/', { host: `evil.example:${server.port}` });
    expect(reply.status).toBe(403);
    expect((await send('POST', '/api/call/datasets.list', { ...json, host: 'localhost:1' }, '{}')).status).toBe(403);
    expect((await send('POST', '/api/call/datasets.list', { ...json, host: `localhost:${server.port}` }, '{}')).status).toBe(200);
  });

  it('refuses API requests from another origin or site, even with the token; its own origin is fine', async () => {
    for (const headers of [{ origin: 'http://127.0.0.1:1' } as Record<string, string>, { origin: 'null' }, { origin: `http://localhost:${server.port}` }, { 'sec-fetch-site': 'same-site' }, { 'sec-fetch-site': 'cross-site' }]) {
      const reply = await send('POST', '/api/call/datasets.list', { ...json, ...headers }, '{}');
      expect(reply.status, JSON.stringify(headers)).toBe(403);
      expect(messageOf(reply.body)).toMatch(/this API answers its own page only/);
    }
    const own = await send('POST', '/api/call/datasets.list', { ...json, origin: `http://127.0.0.1:${server.port}`, 'sec-fetch-site': 'same-origin' }, '{}');
    expect(own.status).toBe(200);
  });

  it('takes the token from the Authorization header only: a cookie or a query parameter is no way in', async () => {
    expect((await send('POST', '/api/call/datasets.list', { 'content-type': 'application/json', cookie: `accord_token=${TOKEN}` }, '{}')).status).toBe(401);
    expect((await send('POST', `/api/call/datasets.list?token=${TOKEN}`, { 'content-type': 'application/json' }, '{}')).status).toBe(401);
    expect((await send('GET', '/api/events', {})).status).toBe(401);
  });
});

describe('slow clients', () => {
  it('50 connections trickling their headers do not starve a normal request, and are cut off', async () => {
    const slow = Array.from({ length: 50 }, () => tricklingSocket(server.port));
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const reply = await fetch(`${server.baseUrl}api/call/datasets.list`, { method: 'POST', headers: json, body: '{}' });
      expect(reply.status).toBe(200);
      // headersTimeout is 1.5 s here (10 s by default): every trickler is closed by the server.
      await Promise.all(slow.map((s) => s.closed));
    } finally {
      for (const s of slow) s.close();
    }
  });

  it('a body that stops arriving is refused with a 408 after the idle timeout', async () => {
    const reply = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port: server.port, path: '/api/call/datasets.list', method: 'POST', headers: { ...json, 'content-length': '100' } }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
      request.write('{"limit":'); // and then nothing
    });
    expect(reply.status).toBe(408);
    expect(messageOf(reply.body)).toMatch(/stopped arriving/);
  });
});

describe('closing', () => {
  it('removes the uploads folder when the server stops', async () => {
    const extra = await startBrowserMode({ workspacePath: path.join(dir, 'x.accord'), staticDir: path.join(dir, 'ui') });
    const upload = await fetch(`${extra.baseUrl}api/upload?name=a.jsonl`, { method: 'POST', headers: { authorization: `Bearer ${extra.token}`, 'content-type': 'application/octet-stream' }, body: 'x' });
    expect(upload.status).toBe(200);
    expect(fs.readdirSync(extra.uploadsFolder)).toHaveLength(1);
    await extra.close();
    expect(fs.existsSync(extra.uploadsFolder)).toBe(false);
  });
});
