import { hasRole } from '../../api/access';
import { annotatorById, ensureHumanRater, type AnnotatorRecord, type RaterRecord } from '../../../db/queries/annotators';
import type { AnyDb } from '../../../db/sql/sqliteSqlDb';
import type { ServiceContext } from '../context';
import { ForbiddenError } from '../errors';

/*
 * Blind annotation (DESIGN.md §4): an annotator must not see the other raters' labels, human or
 * judge. Who may call which method is declared with the method in the contract and enforced in
 * dispatch (services/access.ts); what remains here are the rules that depend on the data: whose
 * labels a call writes or exports. Names are declared by the transport, not authenticated, in the
 * desktop app and single-user browser mode: this keeps honest people blind, as the design asks,
 * and is no defence against someone who holds the workspace file.
 */

/** Whether the caller may see every rater's labels (adjudicators and leads). */
export function callerSeesAllLabels(ctx: ServiceContext): boolean {
  return hasRole(ctx.caller.role, 'adjudicator');
}

/**
 * The calling person's record: labels, submissions, queues and gold are kept under a person.
 *
 * @throws ForbiddenError when the caller has no name (the CLI's owner on a workspace with no
 *   lead yet: it says to pass `--as NAME`).
 */
export function callerPerson(ctx: ServiceContext, db: AnyDb = ctx.sql): AnnotatorRecord {
  const id = ctx.caller.annotatorId;
  const person = id === null ? undefined : annotatorById(db, id);
  if (!person) {
    throw new ForbiddenError('this is recorded under a person\'s name: say who you are (the app asks "Who are you?"; the CLI takes --as NAME)');
  }
  return person;
}

/** The calling person with their rater (created on first need). Call inside a write, passing its connection. */
export function callerRater(ctx: ServiceContext, db: AnyDb = ctx.sql): { annotator: AnnotatorRecord; rater: RaterRecord } {
  const annotator = callerPerson(ctx, db);
  return { annotator, rater: ensureHumanRater(db, annotator) };
}

/** The calling person's id, or null for the unnamed owner (gold set from the CLI on a workspace without a lead). */
export function callerIdOrNull(ctx: ServiceContext): number | null {
  return ctx.caller.annotatorId;
}

/**
 * A label pack holds one annotator's labels: theirs to export, anyone's for an adjudicator or
 * a lead.
 *
 * @throws ForbiddenError for an annotator asking for someone else's pack.
 */
export function checkPackViewer(ctx: ServiceContext, owner: AnnotatorRecord): void {
  if (callerSeesAllLabels(ctx) || ctx.caller.annotatorId === owner.id) return;
  const me = ctx.caller.name;
  throw new ForbiddenError(
    `${me} is an annotator; ${owner.name}'s label pack holds ${owner.name}'s labels, so only adjudicators and leads can export it (${me} may export their own pack)`,
  );
}

/**
 * An annotator may import labels (a labels file or a pack) of their own only: a row in another
 * rater's name would overwrite that rater's answer, and the report's "unchanged" count would
 * tell whether a guess was what they had answered. Adjudicators and leads import any file.
 *
 * @param rows The raters of the file's rows, with their 1-based lines (a pack: its one annotator, line null).
 * @throws ForbiddenError naming the first rows of other raters.
 */
export function checkLabelsImporter(ctx: ServiceContext, rows: readonly { rater: string; line: number | null }[]): void {
  if (callerSeesAllLabels(ctx)) return;
  const me = ctx.caller.name;
  const others = new Map<string, number | null>();
  for (const row of rows) if (row.rater !== me && !others.has(row.rater)) others.set(row.rater, row.line);
  if (others.size === 0) return;
  const listed = [...others].slice(0, 3).map(([rater, line]) => (line === null ? `"${rater}"` : `"${rater}" (line ${line})`));
  const more = others.size > 3 ? ` and ${others.size - 3} more` : '';
  const who = me === null ? 'Nobody has said who they are, so only their own labels could be imported' : `${me} is an annotator and may import only their own labels`;
  throw new ForbiddenError(`${who}; the file has labels of ${listed.join(', ')}${more}. Only adjudicators and leads can import other raters' labels`);
}
