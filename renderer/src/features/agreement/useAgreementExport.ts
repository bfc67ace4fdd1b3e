import { useCallback, useState } from 'react';
import type { ReportFormat } from '../../../../electron/api/contract';
import { useApi } from '../../api/apiContext';
import { messageOf } from '../../api/useApiQuery';
import type { AgreementViewState } from './agreementParams';
import { selectionArgs } from './useTaskAgreement';

/** Saves text as a file through the browser's download (works in browser mode and in Electron). */
function download(fileName: string, mimeType: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked a moment later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

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
        download(report.fileName, report.mimeType, report.content);
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
