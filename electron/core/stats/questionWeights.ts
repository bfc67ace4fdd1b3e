import { type AgreementOptions } from './agreementTypes';
import { type RatingTable } from './ratingTable';
import { RatingsInputError } from './ratingsInputError';
import { customWeights, type WeightMatrix, weightMatrix } from './weights';

/** Why weighted statistics are null on a nominal question. */
export const NOMINAL_REASON = 'weighted statistics need ordered levels; the question is nominal';

/** The weight matrices a question's report uses; null where they do not apply. */
export interface Weighting {
  readonly linear: WeightMatrix | null;
  readonly quadratic: WeightMatrix | null;
  readonly custom: WeightMatrix | null;
  readonly ac2: WeightMatrix | null;
  readonly ordered: boolean;
}

/**
 * Checks the options against the levels and builds the weight matrices: linear and quadratic
 * on the levels' values for binary, ordinal and interval questions (none for nominal), the
 * custom matrix when given, and the one Gwet's AC2 uses.
 *
 * @throws RatingsInputError for binary with other than two levels, ordinal or interval levels
 *   whose values do not increase, a malformed custom matrix, or AC2 'custom' without one.
 */
export function resolveWeights(table: RatingTable, options: AgreementOptions): Weighting {
  const k = table.levels.length;
  const values = table.levels.map((level) => level.value);
  if (options.type === 'binary' && k !== 2) {
    throw new RatingsInputError(`type binary needs exactly two levels; got ${k} (${table.levels.map((l) => l.name).join(', ')})`);
  }
  const ordered = options.type !== 'nominal';
  if (ordered) {
    for (let i = 1; i < k; i++) {
      if (!(values[i] > values[i - 1])) {
        throw new RatingsInputError(
          `levels: for a ${options.type} question the numeric values must increase in level order; "${table.levels[i].name}" (${values[i]}) follows "${table.levels[i - 1].name}" (${values[i - 1]})`,
        );
      }
    }
  }
  const custom = options.customWeights ? customWeights(options.customWeights, k) : null;
  const linear = ordered ? weightMatrix('linear', values) : null;
  const quadratic = ordered ? weightMatrix('quadratic', values) : null;
  const ac2Kind = options.ac2Weights ?? 'quadratic';
  if (ac2Kind === 'custom' && !custom) throw new RatingsInputError('ac2Weights "custom" needs a customWeights matrix');
  const ac2 = ac2Kind === 'custom' ? custom : ac2Kind === 'linear' ? linear : quadratic;
  return { linear, quadratic, custom, ac2, ordered };
}
