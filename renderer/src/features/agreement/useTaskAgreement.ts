import { useApiQuery } from '../../api/useApiQuery';
import { useIdentity } from '../identity/identityContext';
import type { AgreementViewState } from './agreementParams';
import type { RaterPair } from './raterPairs';
import { useAgreementJob } from './useAgreementJob';

/** Bootstrap resamples the dashboard asks for (the reports' default). */
export const DASHBOARD_RESAMPLES = 1000;
export const DASHBOARD_SEED = 1;

/**
 * The selection arguments of every agreement call, from the URL state. Who is looking travels
 * with the transport; the server refuses agreement to an annotator (see RequireAgreementAccess).
 */
export function selectionArgs(taskId: number, state: AgreementViewState) {
  return { task: taskId, filter: state.filter, includeJudges: state.includeJudges, ...judgesArg(state), bootstrap: DASHBOARD_RESAMPLES, seed: DASHBOARD_SEED };
}

/** The judge runs chosen, where judges are included and some were chosen (else every run). */
function judgesArg(state: AgreementViewState): { judges?: string[] } {
  return state.includeJudges && state.judges && state.judges.length > 0 ? { judges: state.judges } : {};
}

/** What the numbers depend on besides the task, for the caches' keys. */
function selectionKey(state: AgreementViewState): string {
  return `${JSON.stringify(state.filter)} ${state.includeJudges} ${JSON.stringify(judgesArg(state).judges ?? null)}`;
}

/** Who is looking: the agreement screens are behind RequireAgreementAccess, so someone has said who they are. */
export function useViewerName(): string {
  return useIdentity().identity?.name ?? '';
}

/** A task's agreement summary (one row per question) on the selection, with the job's progress. */
export function useTaskAgreement(taskId: number | null, state: AgreementViewState) {
  const viewer = useViewerName();
  const key = `agreement.summary ${taskId} ${selectionKey(state)} ${viewer}`;
  const job = useAgreementJob(key);
  const query = useApiQuery(
    key,
    (api) => api['agreement.summary']({ ...selectionArgs(taskId as number, state), jobId: job.jobId }),
    taskId !== null,
  );
  return { ...query, progress: job.progress };
}

/** One question's drill-downs on the selection. */
export function useQuestionAgreement(taskId: number | null, question: string | null, state: AgreementViewState) {
  const viewer = useViewerName();
  const key = `agreement.question ${taskId} ${question} ${selectionKey(state)} ${viewer}`;
  const job = useAgreementJob(key);
  const query = useApiQuery(
    key,
    (api) => api['agreement.question']({ ...selectionArgs(taskId as number, state), question: question as string, jobId: job.jobId }),
    taskId !== null && question !== null,
  );
  return { ...query, progress: job.progress };
}

/**
 * One rater pair of a question (and tag), on the same selection: what a crowd's confusion-matrix
 * view asks for, since the question's answer leaves a crowd's pairs out (`pairsOnRequest`).
 */
export function useRaterPair(taskId: number, question: string, state: AgreementViewState, pair: RaterPair, tag: string | null) {
  const viewer = useViewerName();
  const key = `agreement.pair ${taskId} ${question} ${selectionKey(state)} ${JSON.stringify(pair)} ${tag} ${viewer}`;
  return useApiQuery(key, (api) =>
    api['agreement.pair']({ task: taskId, question, filter: state.filter, includeJudges: state.includeJudges, ...judgesArg(state), pair: [pair[0], pair[1]], ...(tag === null ? {} : { tag }) }),
  );
}
