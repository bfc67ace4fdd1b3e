#!/usr/bin/env node
// Re-renders the app icon (build/resources/icon.svg) into the PNG sizes, .ico and .icns the
// installers use. Run after editing the SVG; the outputs are committed.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const { renderIcons } = await import('./lib/renderIcons.ts');
const resources = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../resources');
for (const file of renderIcons(resources)) console.log(path.relative(process.cwd(), file));
