import type { RunSummary } from '../../../../../electron/api/contract';
import { formatCount, plural } from '../../../common/format';

/** What a finished run says about its failures: counted in the right number ("1 request … try it again"). */
export function finishedText(run: Pick<RunSummary, 'id' | 'failed' | 'invalid'>): string {
  const parts = [`Run ${run.id} finished.`];
  if (run.failed > 0) parts.push(`${plural(run.failed, 'request')} failed after every retry: resume the run to try ${run.failed === 1 ? 'it' : 'them'} again.`);
  if (run.invalid > 0) parts.push(`${formatCount(run.invalid)} could not be used (an item the prompt cannot be filled for, or an answer that could not be read): the Calls tab says why.`);
  return parts.join(' ');
}

/** What a cancelled run says: how many requests it left. */
export function cancelledText(run: Pick<RunSummary, 'id' | 'pending'>): string {
  return `Run ${run.id} was cancelled with ${plural(run.pending, 'request')} left. Resume it later: nothing answered is sent again.`;
}
