// Types of bundleLoader.cjs (plain JavaScript, so that bin.cjs can run it without tsx).

/** V8 flags of every `accord` run (a code cache is accepted only under the flags it was made with). */
export const V8_FLAGS: readonly string[];
export function setV8Flags(): void;

/** The environment variable that turns the code caches off (`off`) or has every loaded chunk's rewritten (`rewrite`). */
export const CODE_CACHE_ENV: string;
export const CODE_CACHE_SUFFIX: string;

/** A chunk's code as the function the loader runs it in. */
export function wrapChunk(code: string): string;

/** Runs the bundle's `entry` chunk from `dir`; `files` names every chunk of the bundle. */
export function runBundle(dir: string, entry: string, files: readonly string[]): void;
