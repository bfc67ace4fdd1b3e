import { availableParallelism } from 'node:os';
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

/**
 * Tests of pure code (electron/core and electron/common: no I/O, no module state; the renderer's
 * logic) share their worker processes instead of each file starting a fresh one — the fresh
 * process and module graph cost more CPU than most of these files' tests. Everything else
 * (workspaces, servers, spawned CLIs, native SQLite) keeps a process of its own per file.
 */
const PURE_TESTS = ['electron/core/**/*.test.ts', 'electron/common/**/*.test.ts', 'renderer/**/*.test.ts'];
/** Renderer tests that replace globals (fetch, EventSource, timers) for the whole file: own process. */
const STUB_GLOBALS = ['renderer/src/api/transports.test.ts', 'renderer/src/api/eventStream.test.ts'];
const EXCLUDE = [...configDefaults.exclude, HEAVY_TESTS];
/**
 * Tests that change process-wide state for their whole file (module mocks, stubbed globals or
 * environment variables, spies): a process of their own, so nothing leaks into other files.
 */
const OWN_PROCESS = [
  'electron/services/annotation/labeling.test.ts',
  'electron/services/judges/judgeLibrary.test.ts',
  'electron/services/judges/apiKey.test.ts',
  'electron/services/import/parseInWorker.test.ts',
  'electron/services/import/importMemory.test.ts',
  'electron/services/import/hostileFiles.test.ts',
  'electron/cli/readmeExamples.test.ts',
  'electron/cli/inviteCommands.test.ts',
  'electron/cli/peopleCommands.test.ts',
];

export default defineConfig({
  test: {
    ...TEST_OPTIONS,
    // Vitest's default leaves one core to its own main process, which only waits: on a two-core
    // machine that halves the suite's speed. The workers use every core.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: 'pure', include: PURE_TESTS, exclude: [...EXCLUDE, ...STUB_GLOBALS], isolate: false } },
      {
        extends: true,
        test: {
          name: 'io',
          // One throwaway PostgreSQL for the run, shared by the test files (electron/testing/postgres.ts).
          globalSetup: 'electron/testing/postgresGlobalSetup.ts',
          include: [...TEST_FOLDERS.map((folder) => `${folder}/**/*.test.ts`)],
          exclude: [...EXCLUDE, ...PURE_TESTS.filter((pattern) => !pattern.startsWith('renderer/')), ...OWN_PROCESS, ...STUB_GLOBALS].concat(
            // The renderer's tests are pure apart from STUB_GLOBALS, which stay here.
            'renderer/**/!(transports|eventStream).test.ts',
          ),
          // Workspaces, servers and spawned CLIs, but no module state of their own to keep apart:
          // the files share worker processes, so each does not load the services again.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'own-process',
          include: [...OWN_PROCESS, ...STUB_GLOBALS],
          exclude: EXCLUDE,
        },
      },
    ],
  },
});
