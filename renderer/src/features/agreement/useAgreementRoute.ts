import { useCallback, useMemo } from 'react';
import { useParams } from 'react-router';
import { useSearchParamsNow } from '../../common/useSearchParamsNow';
import { agreementSearchParams, type AgreementViewState, parseAgreementParams } from './agreementParams';

/**
 * Everything the agreement dashboard reads from its URL — `#/agreement/:taskId[/:question]`
 * plus the selection and view in the query — and a way to change it (replacing the entry, so
 * filters do not pile up in the history).
 */
export function useAgreementRoute() {
  const params = useParams();
  const [search, setSearch] = useSearchParamsNow();
  const parsed = Number(params.taskId);
  const taskId = Number.isInteger(parsed) && parsed > 0 ? parsed : null;
  const state = useMemo(() => parseAgreementParams(search), [search]);
  const update = useCallback(
    // From the last change made, not the last one the router showed (useSearchParamsNow).
    (patch: Partial<AgreementViewState>) => setSearch((current) => agreementSearchParams({ ...parseAgreementParams(current), ...patch }), { replace: true }),
    [setSearch],
  );
  return { taskId, question: params.question ?? null, state, update };
}
