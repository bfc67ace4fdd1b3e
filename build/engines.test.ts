import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// package.json `engines` and the README's Node versions must agree with what the locked
// packages require: `npm ci` prints no EBADENGINE on the lowest version of each supported major
// (Electron is pinned to 40, whose toolchain still installs on Node 20: README "Requirements").
const root = path.resolve(import.meta.dirname, '..');
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
};
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};
const ELECTRON_TOOLCHAIN = ['@electron/get', '@electron/rebuild', 'node-abi'];

/** The locked packages whose `engines.node` a Node version falls outside of (what npm ci warns about). */
function refusing(version: string): string[] {
  const names = new Set<string>();
  for (const [where, entry] of Object.entries(lock.packages)) {
    const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
    if (where === '' || !range || semver.satisfies(version, range)) continue;
    names.add(where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
  }
  return [...names].sort();
}

describe('engines', () => {
  const lowest = pkg.engines.node.split('||').map((part) => semver.minVersion(part)!.version);

  it('names a range whose every major installs without an engine warning', () => {
    expect(lowest).toEqual(['20.19.0', '22.13.0', '24.0.0', '25.0.0']);
    for (const version of lowest) expect(refusing(version), version).toEqual([]);
  });

  it('leaves out the versions a locked package refuses', () => {
    for (const version of ['20.18.0', '22.12.0', '23.5.0', '26.0.0']) {
      expect(semver.satisfies(version, pkg.engines.node), version).toBe(false);
      expect(refusing(version), version).not.toEqual([]);
    }
  });

  it('is the range the lockfile and the README state', () => {
    expect((lock.packages[''].engines as { node: string }).node).toBe(pkg.engines.node);
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    expect(readme).toContain(`\`${pkg.engines.node}\``);
    // It says why Electron is pinned where it is.
    for (const name of ELECTRON_TOOLCHAIN) expect(readme).toContain(`\`${name}\``);
  });
});
