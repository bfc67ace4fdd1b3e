import { defineConfig } from 'vitest/config';
import { HEAVY_TESTS, TEST_FOLDERS, TEST_OPTIONS } from './vitest.config';

/**
 * The heavy tier (`npm run test:heavy`): the `*.heavy.test.ts` files, one file at a time so
 * that their memory and timing bounds measure the test alone.
 */
export default defineConfig({
  test: {
    include: TEST_FOLDERS.map((folder) => `${folder}/${HEAVY_TESTS}`),
    ...TEST_OPTIONS,
    fileParallelism: false,
    globalSetup: 'electron/testing/postgresGlobalSetup.ts',
  },
});
