import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rendererNeedsBuild } from './rendererFreshness';

let root: string;
const touch = (relative: string, secondsAgo: number) => {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '');
  const time = new Date(Date.now() - secondsAgo * 1000);
  fs.utimesSync(file, time, time);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-fresh-'));
  touch('renderer/src/main.tsx', 100);
  touch('electron/api/contract.ts', 100);
  touch('vite.config.ts', 100);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('rendererNeedsBuild', () => {
  it('builds when dist/renderer has no index.html', () => {
    expect(rendererNeedsBuild(root)).toBe(true);
  });

  it('does not build when the bundle is newer than every input', () => {
    touch('dist/renderer/index.html', 10);
    expect(rendererNeedsBuild(root)).toBe(false);
  });

  it('builds when a renderer source, an API type, a shared helper or the vite config changed since', () => {
    touch('dist/renderer/index.html', 10);
    for (const input of ['renderer/src/features/x/Page.tsx', 'electron/api/methods/items.ts', 'electron/common/numberFormat.ts', 'vite.config.ts']) {
      touch(input, 1);
      expect(rendererNeedsBuild(root), input).toBe(true);
      touch(input, 100);
    }
  });

  it('does not rebuild for an edited test', () => {
    touch('dist/renderer/index.html', 10);
    touch('renderer/src/x.test.ts', 1);
    expect(rendererNeedsBuild(root)).toBe(false);
  });
});
