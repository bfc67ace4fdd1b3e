import { useCallback, useState } from 'react';
import type { ReportFormat } from '../../../../electron/api/contract';
import { useApi } from '../../api/apiContext';
import { messageOf } from '../../api/useApiQuery';
import { saveTextFile } from '../../common/download';
import type { AgreementViewState } from './agreementParams';
import { selectionArgs } from './useTaskAgreement';

/** Exports the agreement report of the current selection and downloads it. */
export function useAgreementExport(taskId: number | null, state: AgreementViewState) {
  const api = useApi();
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const exportReport = useCallback(
    async (format: ReportFormat) => {
      if (taskId === null) return;
      setBusy(format);
      setError(null);
      try {
        const report = await api['agreement.export']({ ...selectionArgs(taskId, state), format });
        saveTextFile(report.fileName, report.content, report.mimeType);
        // LaTeX: the .bib of the references cited goes beside the .tex.
        for (const extra of report.extraFiles ?? []) saveTextFile(extra.fileName, extra.content, extra.mimeType);
      } catch (e) {
        setError(messageOf(e));
      } finally {
        setBusy(null);
      }
    },
    [api, taskId, state],
  );
  return { exportReport, busy, error, clearError: () => setError(null) };
}
