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
const layer = (message, { modules, folders }) => ({
  'no-restricted-imports': ['error', {
    paths: modules.map((name) => ({ name, message })),
    // Code that may not use Node built-ins may not use their `node:` names either.
    patterns: [{ group: [...(modules.includes('fs') ? ['node:*'] : []), ...folders], message }],
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
  {
    files: ['electron/transports/**/*.ts', 'electron/cli/**/*.ts'],
    rules: layer('Bad layering: transports and the CLI reach the workspace through services, and never import Electron.', {
      modules: ['electron'],
      folders: ['**/renderer/**'],
    }),
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
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
        ],
      }],
    },
  },
);
