import type { AnnotatorProgress } from '../../../../electron/api/contract';

/** A crowd's progress as the tasks list shows it: everyone summed, your own, and who is furthest behind (null when nobody is ahead of them). */
export interface CrowdSummary {
  total: AnnotatorProgress;
  mine: AnnotatorProgress | null;
  behind: AnnotatorProgress | null;
}

export function crowdSummary(progress: readonly AnnotatorProgress[], me: string): CrowdSummary {
  const sum = (key: 'assigned' | 'submitted' | 'started' | 'skipped' | 'remaining' | 'labels' | 'secondsSpent') => progress.reduce((n, p) => n + p[key], 0);
  const total: AnnotatorProgress = {
    ...progress[0],
    name: 'everyone',
    assigned: sum('assigned'),
    submitted: sum('submitted'),
    started: sum('started'),
    skipped: sum('skipped'),
    remaining: sum('remaining'),
    labels: sum('labels'),
    secondsSpent: sum('secondsSpent'),
  };
  const mine = progress.find((p) => p.name === me) ?? null;
  const last = progress.reduce((a, b) => (share(b) < share(a) ? b : a));
  // Named only when someone is ahead of them: not when everyone is as far along.
  const behind = last !== mine && progress.some((p) => share(p) > share(last)) ? last : null;
  return { total, mine, behind };
}

function share(p: AnnotatorProgress): number {
  return p.assigned === 0 ? 1 : p.submitted / p.assigned;
}
