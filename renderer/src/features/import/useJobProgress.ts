import { useEffect, useState } from 'react';
import type { JobProgress } from '../../../../electron/api/contract';
import { useApi } from '../../api/apiContext';

/** The latest `job.progress` event of one job (null before the first, or without a job). */
export function useJobProgress(jobId: string | null): JobProgress | null {
  const api = useApi();
  const [progress, setProgress] = useState<JobProgress | null>(null);
  useEffect(() => {
    setProgress(null);
    if (!jobId) return;
    return api.on('job.progress', (event) => {
      if (event.jobId === jobId) setProgress(event);
    });
  }, [api, jobId]);
  return progress;
}
