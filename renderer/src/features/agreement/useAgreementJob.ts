import { useMemo } from 'react';
import { useJobProgress } from '../import/useJobProgress';

let counter = 0;

/**
 * A job id for one agreement computation (`key` changes → a new id), and the progress events
 * sent under it, so the bar can follow a long bootstrap.
 */
export function useAgreementJob(key: string) {
  // A fresh id per key; the counter keeps ids unique without needing a secure context.
  const jobId = useMemo(() => `agreement-${Date.now().toString(36)}-${++counter}-${key.length}`, [key]);
  const progress = useJobProgress(jobId);
  return { jobId, progress };
}
