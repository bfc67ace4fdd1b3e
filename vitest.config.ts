import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Two tiers. This config is the everyday one (`npm test`, `npx vitest run`). Tests named
 * `*.heavy.test.ts` — gigabyte files, kill loops, soaks — run only in `npm run test:heavy`
 * (vitest.heavy.config.ts), which CI runs after `npm test`.
 */
export const TEST_FOLDERS = ['electron', 'db', 'renderer', 'build'];
export const HEAVY_TESTS = '**/*.heavy.test.ts';
export const TEST_OPTIONS = {
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 60_000,
  pool: 'forks',
  // Backups the CLI and browser mode take go to a temporary folder, not the user's.
  setupFiles: 'electron/testing/backupsSetup.ts',
} as const;

export default defineConfig({
  test: {
    include: TEST_FOLDERS.map((folder) => `${folder}/**/*.test.ts`),
    exclude: [...configDefaults.exclude, HEAVY_TESTS],
    ...TEST_OPTIONS,
  },
});
