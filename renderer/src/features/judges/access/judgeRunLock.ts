import type { Identity } from '../../identity/identityStore';
import { canAdjudicate } from '../../identity/identityStore';

/**
 * Why the signed-in person may not start a judge run, or null when they may. A run spends the
 * workspace's API key and budget and adds a judge's labels to the task, so it is for
 * adjudicators and leads (the server refuses `judges.run` to an annotator's name too). Nobody
 * signed in yet is not locked out: the Run button asks who they are first.
 */
export function judgeRunLock(identity: Identity | null): string | null {
  if (identity === null || canAdjudicate(identity.role)) return null;
  return `You are signed in as ${identity.name}, an annotator. Running a judge is for adjudicators and leads: a run spends the workspace’s API budget and adds the judge’s answers to the task.`;
}
