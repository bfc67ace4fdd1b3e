import path from 'node:path';

/**
 * Example files that tests read, inside the repository so that a fresh clone's tests stand
 * alone (a test that reads anything outside the clone fails `standAlone.test.ts`).
 */

/** The repository's root folder. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** One small example of every input format (`fixtures/formats/README.md` says which is which). */
export const FORMATS = path.join(REPO_ROOT, 'fixtures', 'formats');

/** Judge labels and ratings for `accord judge import` and `accord judge alt-test` (`fixtures/judges/README.md`). */
export const JUDGE_FIXTURES = path.join(REPO_ROOT, 'fixtures', 'judges');

/** The demo dataset `npm start` opens (`fixtures/README.md`): larger, generated files. */
export const FIXTURES = path.join(REPO_ROOT, 'fixtures');

/** Files in the shapes of published releases (τ-bench, WorFBench, JUDGE-BENCH, ShareGPT, OTLP), written for Accord (`fixtures/releases/README.md`). */
export const RELEASES = path.join(REPO_ROOT, 'fixtures', 'releases');

/** Integers beyond 2^53 in every place a record holds values (`fixtures/exact-numbers/README.md`). */
export const EXACT_NUMBERS = path.join(REPO_ROOT, 'fixtures', 'exact-numbers');
