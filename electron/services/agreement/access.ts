import type { Db } from '../../../db/workspace';
import { checkAllLabelsViewer } from '../annotation/access';

/** Why agreement refuses an annotator. */
const AGREEMENT_REFUSAL = "agreement shows every rater's labels, so only adjudicators and leads can see it";

/**
 * Agreement shows what each rater answered — disagreeing units with every rater's answer,
 * confusion matrices, each rater's category counts — so, like adjudication, it is for
 * adjudicators and leads: an annotator labels blind (DESIGN.md §4) and must not see the other
 * raters' labels. Nobody named (the CLI, run by whoever holds the workspace file) is not asked.
 * The rule is the one every label-revealing method follows (`../annotation/access`).
 *
 * @throws NotFoundError when nobody of that name is known; ForbiddenError for an annotator.
 */
export function requireAgreementViewer(db: Db, name: string | undefined): void {
  checkAllLabelsViewer(db, name, AGREEMENT_REFUSAL);
}
