import type { TaskItemRecord } from '../../../db/queries/tasks';
import type { Question } from '../../core/schemas/model';
import type { GwetVariance } from '../../core/stats';
import type { AgreementRating, AgreementRatings } from '../annotation/agreementRatings';

/** One question's ratings in the selection, ready for analysis. */
export interface AnalysisInput {
  question: Question;
  /** The compared raters' ratings (N/A = null), sorted so raters come in `raters` order. */
  ratings: AgreementRating[];
  /** Multilabel questions: the same ratings per tag, as present / absent. */
  perTag: AgreementRatings['perTag'];
  /** Raters in the order tables and matrices list them: humans by name, then judges. */
  raters: string[];
  /** The task's items by id (for disagreeing units). */
  items: ReadonlyMap<number, TaskItemRecord>;
  bootstrap: number;
  seed: number;
  /** Conventions of the statistics (defaults: Gwet's published variance, α threshold 0.8). */
  gwetVariance?: GwetVariance;
  alphaThreshold?: number;
  maxDisagreements: number;
}
