#!/usr/bin/env node
// The `accord` command. TypeScript runs directly through tsx, so `npx accord` works right
// after `npm ci` with no build step to remember.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv);
