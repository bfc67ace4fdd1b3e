// The `accord` process: what bin.mjs runs, from the bundle (dist/cli, built from this file by
// build/scripts/lib/bundleCli.ts) or from the sources through tsx. Tests call `main`
// in-process instead. No top-level await: the bundle runs this as CommonJS (bundleLoader.mjs).
import { ignoreClosedOutput } from './io';
import { main } from './main';

ignoreClosedOutput();
void main(process.argv).then((code) => {
  process.exitCode = code;
});
