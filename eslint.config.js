// Layer rules of DESIGN.md §1, enforced here rather than remembered (STYLE.md: VS Code's
// "Bad layering"). Each folder lists what it must never import.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const NODE_BUILTINS = [
  'node:*', 'fs', 'fs/*', 'path', 'os', 'child_process', 'http', 'https', 'net', 'crypto', 'stream',
  'stream/*', 'readline', 'url', 'util', 'worker_threads', 'zlib', 'events', 'buffer',
];
const layer = (message, groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map((group) => ({ group, message })) }],
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
  {
    files: ['electron/core/**/*.ts'],
    rules: layer('Bad layering: electron/core is pure domain and imports nothing outside core/ (DESIGN.md §1).', [
      ...NODE_BUILTINS, 'better-sqlite3', 'electron', 'openai', 'react', '**/db/**', '**/services/**', '**/api/**',
      '**/transports/**', '**/main/**', '**/cli/**', '**/renderer/**',
    ]),
  },
  {
    files: ['electron/core/**/*.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['db/**/*.ts'],
    ignores: ['db/**/*.test.ts'],
    rules: layer('Bad layering: db/ holds migrations and queries; it does not know services or transports.', [
      'electron', '**/services/**', '**/api/**', '**/transports/**', '**/main/**', '**/cli/**', '**/renderer/**',
    ]),
  },
  {
    files: ['electron/services/**/*.ts'],
    ignores: ['electron/services/**/*.test.ts'],
    rules: layer('Bad layering: services use core/ and db/ only; they never reach up to transports, main or cli.', [
      'electron', '**/transports/**', '**/main/**', '**/cli/**', '**/renderer/**',
    ]),
  },
  {
    files: ['electron/api/**/*.ts'],
    ignores: ['electron/api/**/*.test.ts'],
    rules: layer('Bad layering: the API contract is shared with the browser; it imports only zod and core types.', [
      ...NODE_BUILTINS, 'better-sqlite3', 'electron', 'openai', '**/db/**', '**/services/**', '**/transports/**',
      '**/main/**', '**/cli/**', '**/renderer/**',
    ]),
  },
  {
    files: ['electron/transports/**/*.ts', 'electron/cli/**/*.ts'],
    rules: layer('Bad layering: transports and the CLI reach the workspace through services, and never import Electron.', [
      'electron', '**/renderer/**',
    ]),
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: [...NODE_BUILTINS, 'better-sqlite3', 'electron', 'openai'], message: 'Bad layering: the renderer is browser code.' },
          {
            group: ['**/electron/core/**', '**/electron/services/**', '**/db/**', '**/electron/transports/**', '**/electron/main/**', '**/electron/cli/**'],
            message: 'Bad layering: the renderer talks only to the API client (types from electron/api).',
          },
        ],
      }],
    },
  },
);
