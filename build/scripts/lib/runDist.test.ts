import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { distBlocker } from './runDist';

const repo = path.resolve(import.meta.dirname, '../../..');

describe('distBlocker', () => {
  it('blocks without the Electron binary, with the reason and the fix', () => {
    expect(distBlocker({ binary: null, version: '41.10.0', nativeBinding: null })).toMatch(
      /^npm run dist: cannot build installers: Electron 41\.10\.0's binary is not installed.*npm run electron:fetch$/,
    );
  });

  it("blocks without Electron's build of better-sqlite3", () => {
    expect(distBlocker({ binary: '/e', version: '41.10.0', nativeBinding: null })).toMatch(/better-sqlite3 has not been built for Electron/);
  });

  it('lets a complete install through', () => {
    expect(distBlocker({ binary: '/e', version: '41.10.0', nativeBinding: '/a.node' })).toBeNull();
  });
});

describe('npm run dist without the Electron binary', () => {
  it('fails at once with the message, before building anything', () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-no-electron-'));
    try {
      fs.writeFileSync(path.join(empty, 'package.json'), JSON.stringify({ name: 'electron', version: '41.10.0' }));
      const started = Date.now();
      const result = spawnSync(process.execPath, [path.join(repo, 'build', 'scripts', 'dist.mjs')], {
        cwd: repo,
        encoding: 'utf8',
        env: { ...process.env, ACCORD_ELECTRON_PACKAGE_DIR: empty },
        timeout: 60_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain("npm run dist: cannot build installers: Electron 41.10.0's binary is not installed");
      expect(result.stderr).toContain('npm run electron:fetch');
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.stdout).toBe('');
      // "At once": no renderer build, no bundle, no electron-builder (each takes seconds).
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
