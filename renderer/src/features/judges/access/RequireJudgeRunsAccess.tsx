import type { ReactNode } from 'react';
import { RequireIdentity } from '../../identity/RequireIdentity';
import { RequireAllLabelsRole } from '../../identity/RoleRefusal';

/**
 * The judge runs screens — the runs table, a run's calls and calibration, the comparison of
 * two runs — show a judge's answer on every unit (a strong hint to an annotator still labeling
 * it), every annotator's labels and rationales beside it, and gold; and their Resume and Cancel
 * spend or stop the workspace's API budget. So, like agreement, they are for adjudicators and
 * leads: who is looking is asked first, and an annotator — who labels blind — is told why not
 * and which role opens them. The server refuses the same methods to an annotator's name.
 */
export function RequireJudgeRunsAccess({ children }: { children: ReactNode }) {
  return (
    <RequireIdentity>
      <RequireAllLabelsRole
        title="Judge runs are for adjudicators and leads"
        reveals="Judge runs show a judge’s answer on each unit — a strong hint while you label the same units — and calibrate it against every rater’s labels and gold,"
        testId="judge-runs-refusal"
      >
        {children}
      </RequireAllLabelsRole>
    </RequireIdentity>
  );
}
