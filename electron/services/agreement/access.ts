import type { Db } from '../../../db/workspace';
import { requireAnnotator } from '../annotation/taskContext';
import { ForbiddenError } from '../errors';

/**
 * Agreement shows what each rater answered — disagreeing units with every rater's answer,
 * confusion matrices, each rater's category counts — so, like adjudication, it is for
 * adjudicators and leads: an annotator labels blind (DESIGN.md §4) and must not see the other
 * raters' labels. Nobody named (the CLI, run by whoever holds the workspace file) is not asked.
 *
 * @throws NotFoundError when nobody of that name is known; ForbiddenError for an annotator.
 */
export function requireAgreementViewer(db: Db, name: string | undefined): void {
  if (name === undefined) return;
  const viewer = requireAnnotator(db, name);
  if (viewer.role === 'annotator') {
    throw new ForbiddenError(`${viewer.name} is an annotator; agreement shows every rater's labels, so only adjudicators and leads can see it`);
  }
}
