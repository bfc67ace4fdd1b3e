import { useCallback, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { agreementSearchParams, type AgreementViewState, parseAgreementParams } from './agreementParams';

/**
 * Everything the agreement dashboard reads from its URL — `#/agreement/:taskId[/:question]`
 * plus the selection and view in the query — and a way to change it (replacing the entry, so
 * filters do not pile up in the history).
 */
export function useAgreementRoute() {
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const parsed = Number(params.taskId);
  const taskId = Number.isInteger(parsed) && parsed > 0 ? parsed : null;
  const state = useMemo(() => parseAgreementParams(search), [search]);
  const update = useCallback(
    (patch: Partial<AgreementViewState>) => setSearch(agreementSearchParams({ ...parseAgreementParams(search), ...patch }), { replace: true }),
    [search, setSearch],
  );
  return { taskId, question: params.question ?? null, state, update };
}
