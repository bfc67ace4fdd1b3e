// Starts the parse worker. Module hooks of the parent (tsx, from the `accord` bin or
// `--import tsx`) do not reach worker threads on Node 20, so the worker registers tsx itself.
import { register } from 'tsx/esm/api';

register();
await import('./parseWorker.ts');
