// The `accord` process: what bin.mjs runs, from the bundle (dist/cli/accord.mjs, built from this
// file by build/scripts/lib/bundleCli.ts) or from the sources through tsx. Tests call `main`
// in-process instead.
import { ignoreClosedOutput } from './io';
import { main } from './main';

ignoreClosedOutput();
process.exitCode = await main(process.argv);
