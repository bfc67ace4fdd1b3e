import type { ReactNode } from 'react';
import { RequireIdentity } from '../identity/RequireIdentity';
import { RequireAllLabelsRole } from '../identity/RoleRefusal';

/**
 * The agreement screens show every rater's labels (disagreeing units with each rater's
 * answer, confusion matrices, each rater's category counts), so, like adjudication, they are
 * for adjudicators and leads: who is looking is asked first, and an annotator — who labels
 * blind — is told why not and which role opens them.
 */
export function RequireAgreementAccess({ children }: { children: ReactNode }) {
  return (
    <RequireIdentity>
      <RequireAllLabelsRole
        title="Agreement is for adjudicators and leads"
        reveals="Agreement shows every rater’s labels — each rater’s answer on the units they disagree on, confusion matrices, per-rater counts —"
        testId="agreement-refusal"
      >
        {children}
      </RequireAllLabelsRole>
    </RequireIdentity>
  );
}
