import { defineConfig } from '@playwright/test';
import everyday, { HEAVY_SPECS } from './playwright.config';

/** The heavy tier's browser tests (`npm run test:heavy`): the `*.heavy.spec.ts` files. */
export default defineConfig({
  ...everyday,
  testMatch: HEAVY_SPECS,
  testIgnore: [],
  // As before the everyday tier took more: big inputs and memory bounds want the machine to themselves.
  fullyParallel: false,
  workers: 2,
});
