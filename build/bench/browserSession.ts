import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { startBrowserMode, type BrowserModeServer } from '../../electron/transports/http/server';

/** A viewer benchmark's world: a temporary workspace served in browser mode, and headless Chromium. */
export interface BenchSession {
  dir: string;
  server: BrowserModeServer;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Starts browser mode on a fresh workspace and Debian's Chromium. The renderer under test is
 * `dist/renderer` (`npm run build:renderer`) or ACCORD_STATIC_DIR.
 */
export async function startBenchSession(prefix: string): Promise<BenchSession> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const staticDir = process.env.ACCORD_STATIC_DIR ? path.resolve(process.env.ACCORD_STATIC_DIR) : undefined;
  const server = await startBrowserMode({ workspacePath: path.join(dir, 'bench.accord'), port: 0, staticDir });
  const browser = await chromium.launch({
    executablePath: process.env.ACCORD_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  return {
    dir,
    server,
    browser,
    async close() {
      await browser.close();
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
