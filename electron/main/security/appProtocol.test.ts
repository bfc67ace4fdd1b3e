import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../transports/http/staticFiles';
import { APP_INDEX_URL, APP_RESPONSE_HEADERS, isAppPage, resolveAppRequest } from './appProtocol';

let root: string;
let rendererDir: string;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-protocol-'));
  rendererDir = path.join(root, 'renderer');
  fs.mkdirSync(path.join(rendererDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html>');
  fs.writeFileSync(path.join(rendererDir, 'assets', 'app-1.js'), 'export {}');
  fs.writeFileSync(path.join(root, 'secret.txt'), 'outside the renderer');
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('resolveAppRequest', () => {
  it('serves index.html for the index URL and for the bare origin', () => {
    expect(resolveAppRequest(rendererDir, APP_INDEX_URL)).toEqual({ kind: 'file', file: path.join(rendererDir, 'index.html'), contentType: 'text/html; charset=utf-8' });
    expect(resolveAppRequest(rendererDir, 'accord://app/')).toMatchObject({ kind: 'file', file: path.join(rendererDir, 'index.html') });
  });

  it('serves assets with their content type, ignoring the hash route and query', () => {
    expect(resolveAppRequest(rendererDir, 'accord://app/assets/app-1.js?v=1#x')).toEqual({
      kind: 'file',
      file: path.join(rendererDir, 'assets', 'app-1.js'),
      contentType: 'text/javascript; charset=utf-8',
    });
  });

  it('never serves a file outside the renderer folder', () => {
    for (const url of ['accord://app/../secret.txt', 'accord://app/%2e%2e/secret.txt', 'accord://app/assets/%2e%2e%2f%2e%2e%2fsecret.txt', 'accord://app/..%5csecret.txt']) {
      expect(resolveAppRequest(rendererDir, url), url).toEqual({ kind: 'not-found' });
    }
  });

  it('answers not found for missing files, other hosts, other schemes and malformed escapes', () => {
    for (const url of ['accord://app/nope.js', 'accord://other/index.html', 'file:///etc/passwd', 'https://app/index.html', 'accord://app/%E0%A4%A', 'not a url']) {
      expect(resolveAppRequest(rendererDir, url), url).toEqual({ kind: 'not-found' });
    }
  });

  it('says how to build the renderer when it is missing', () => {
    const response = resolveAppRequest(path.join(root, 'nothing-here'), APP_INDEX_URL);
    expect(response.kind).toBe('ui-missing');
    expect(response.kind === 'ui-missing' && response.message).toContain('npm run build:renderer');
  });
});

describe('app responses', () => {
  it('carry the same Content-Security-Policy as browser mode, and nosniff', () => {
    expect(APP_RESPONSE_HEADERS['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(APP_RESPONSE_HEADERS['x-content-type-options']).toBe('nosniff');
  });
});

describe('isAppPage', () => {
  it('accepts the index page with any hash route or query', () => {
    expect(isAppPage('accord://app/index.html')).toBe(true);
    expect(isAppPage('accord://app/index.html#/items/12')).toBe(true);
    expect(isAppPage('accord://app/')).toBe(true);
  });

  it('refuses other pages, hosts and schemes', () => {
    for (const url of ['accord://app/assets/x.js', 'accord://evil/index.html', 'file:///app/index.html', 'http://127.0.0.1/index.html', '', 'accord:']) {
      expect(isAppPage(url), url).toBe(false);
    }
  });
});
