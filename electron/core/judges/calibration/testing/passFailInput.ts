import type { CalibrationInput } from '../calibrationReport';

/** The two answers of a binary pass/fail question, as a schema lists them. */
export const PASS_FAIL = [
  { name: 'pass', value: 1 },
  { name: 'fail', value: 0 },
] as const;

/** "pp f p" → pass, pass, fail, pass (spaces are for reading only). */
export const passFail = (letters: string): string[] => letters.replace(/ /g, '').split('').map((c) => (c === 'p' ? 'pass' : 'fail'));

/**
 * A binary calibration input written as rows of letters, one row per rater (`p` pass, `f`
 * fail; unit n is the n-th letter, named `u<n><unitSuffix>`), the judge named `J`, gold the
 * row `gold` names. Rationales (none by default) and settings can be given.
 * @example passFailInput({ ana: 'ppf', J: 'pff' }, { gold: 'ana' })
 */
export function passFailInput(
  rows: Record<string, string>,
  options: { gold: string; question?: string; unitSuffix?: string; rationale?: (rater: string, unit: string) => string | null; goldRationale?: (unit: string) => string | null } & Partial<Pick<CalibrationInput, 'bootstrap' | 'maxDisagreements'>>,
): CalibrationInput {
  const unit = (i: number) => `u${i + 1}${options.unitSuffix ?? ''}`;
  return {
    question: options.question ?? 'passes',
    tag: null,
    type: 'binary',
    categories: PASS_FAIL.map((c) => ({ ...c })),
    judge: 'J',
    ratings: Object.entries(rows).flatMap(([rater, letters]) =>
      passFail(letters).map((value, i) => ({ unit: unit(i), rater, raterKind: rater === 'J' ? ('judge' as const) : ('human' as const), value, rationale: options.rationale?.(rater, unit(i)) ?? null })),
    ),
    gold: passFail(rows[options.gold]).map((value, i) => ({ unit: unit(i), value, rationale: options.goldRationale?.(unit(i)) ?? null })),
    bootstrap: options.bootstrap ?? { resamples: 0, seed: 1 },
    maxDisagreements: options.maxDisagreements ?? 10,
  };
}
