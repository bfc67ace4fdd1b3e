// Layer rules of DESIGN.md §1, enforced here rather than remembered (STYLE.md: VS Code's
// "Bad layering"). Each folder lists what it must never import.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// Bare module names are matched exactly (`paths`); folders by glob (`patterns`) — a bare
// glob like "electron" would also match the project's own electron/ folder.
const NODE_BUILTINS = [
  'fs', 'fs/promises', 'path', 'os', 'child_process', 'http', 'https', 'net', 'crypto', 'stream',
  'stream/promises', 'readline', 'url', 'util', 'worker_threads', 'zlib', 'events', 'buffer',
];
// Test-only code (fakes, temporary workspaces, example files) lives in electron/testing/ and in
// testdata/ folders; the product never imports it. The files allowed to: tests, the test
// helpers themselves, the browser tests and the benchmarks.
const TEST_CODE = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/testdata/**', 'e2e/**', 'build/bench/**'];
const NO_TEST_CODE = {
  group: ['**/testing', '**/testing/**', '**/testdata/**'],
  message: 'Test-only code: production code never imports from a testing/ or testdata/ folder (tests, e2e/ and build/bench/ may).',
};
// `production: false` for the test files a layer also covers: same layering, test helpers allowed.
const layer = (message, { modules, folders }, { production = true } = {}) => ({
  'no-restricted-imports': ['error', {
    paths: modules.map((name) => ({ name, message })),
    patterns: [
      // Code that may not use Node built-ins may not use their `node:` names either.
      { group: [...(modules.includes('fs') ? ['node:*'] : []), ...folders], message },
      ...(production ? [NO_TEST_CODE] : []),
    ],
  }],
});

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'out/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  // CommonJS on purpose: electron/cli/bin.cjs and what it loads to start the bundled CLI (Node's
  // ES module loader would cost every `accord` run ~6 ms), build/beforeBuild.cjs.
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Production code outside the layers below (electron/main, build scripts, …); each layer
  // below repeats the rule with its own folders, since a later `no-restricted-imports` replaces
  // an earlier one.
  {
    files: ['electron/**/*.{ts,mjs}', 'db/**/*.ts', 'renderer/**/*.{ts,tsx}', 'build/**/*.{ts,mjs}'],
    ignores: TEST_CODE,
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_TEST_CODE] }] },
  },
  // electron/common/ is the bottom of the stack: runtime code the renderer and the Node side both
  // run (number formatting, the API client, transport names, label-schema rules). It imports
  // nothing but its own files, so every layer — core/ and the renderer included — may use it.
  {
    files: ['electron/common/**/*.ts'],
    ignores: ['electron/common/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          regex: '^(?!\\./)',
          message: 'Bad layering: electron/common is dependency-free; it imports only its own files (no package, no Node built-in, no other layer).',
        }],
      }],
    },
  },
  {
    files: ['electron/core/**/*.ts'],
    rules: layer('Bad layering: electron/core is pure domain and imports nothing outside core/ (DESIGN.md §1).', {
      modules: [...NODE_BUILTINS, 'better-sqlite3', 'electron', 'openai', 'react'],
      folders: ['**/db/**', '**/services/**', '**/api/**', '**/transports/**', '**/main/**', '**/cli/**', '**/renderer/**'],
    }),
  },
  {
    files: ['electron/core/**/*.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['db/**/*.ts'],
    ignores: ['db/**/*.test.ts'],
    rules: layer('Bad layering: db/ holds migrations and queries; it does not know services or transports.', {
      modules: ['electron'],
      folders: ['**/services/**', '**/api/**', '**/transports/**', '**/main/**', '**/cli/**', '**/renderer/**'],
    }),
  },
  {
    files: ['electron/services/**/*.ts'],
    ignores: ['electron/services/**/*.test.ts'],
    rules: layer('Bad layering: services use core/ and db/ only; they never reach up to transports, main or cli.', {
      modules: ['electron'],
      folders: ['**/transports/**', '**/main/**', '**/cli/**', '**/renderer/**'],
    }),
  },
  {
    files: ['electron/api/**/*.ts'],
    ignores: ['electron/api/**/*.test.ts'],
    rules: layer('Bad layering: the API contract is shared with the browser; it imports only zod and core types.', {
      modules: [...NODE_BUILTINS, 'better-sqlite3', 'electron', 'openai'],
      folders: ['**/db/**', '**/services/**', '**/transports/**', '**/main/**', '**/cli/**', '**/renderer/**'],
    }),
  },
  ...[true, false].map((production) => ({
    files: production ? ['electron/transports/**/*.ts', 'electron/cli/**/*.ts'] : ['electron/transports/**/*.test.ts', 'electron/cli/**/*.test.ts'],
    ignores: production ? TEST_CODE : [],
    rules: layer('Bad layering: transports and the CLI reach the workspace through services, and never import Electron.', {
      modules: ['electron'],
      folders: ['**/renderer/**'],
    }, { production }),
  })),
  ...[true, false].map((production) => ({
    files: production ? ['renderer/**/*.{ts,tsx}'] : ['renderer/**/*.test.{ts,tsx}'],
    ignores: production ? TEST_CODE : [],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', {
        paths: [...NODE_BUILTINS, 'better-sqlite3', 'electron', 'openai'].map((name) => ({ name, message: 'Bad layering: the renderer is browser code.' })),
        patterns: [
          { group: ['node:*'], message: 'Bad layering: the renderer is browser code.' },
          {
            group: ['**/electron/core/**', '**/electron/services/**', '**/db/**', '**/electron/transports/**', '**/electron/main/**', '**/electron/cli/**'],
            message: 'Bad layering: the renderer talks only to the API client (types from electron/api).',
          },
          ...(production ? [NO_TEST_CODE] : []),
        ],
      }],
      // Types only from the contract: a value import would put the argument schemas (zod) in
      // the browser bundle. What the renderer runs of both sides lives in electron/common/.
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{
          group: ['**/electron/api', '**/electron/api/**'],
          allowTypeImports: true,
          message: 'Bad layering: the renderer imports only types from electron/api (`import type`); runtime helpers both sides need live in electron/common/.',
        }],
      }],
      'no-restricted-properties': ['error', {
        object: 'URL',
        property: 'createObjectURL',
        message: 'Save files with saveTextFile (renderer/src/common/download.ts), the one download helper.',
      }],
    },
  })),
  {
    files: ['renderer/src/common/download.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
