import { useCallback, useState } from 'react';
import type { ImportReport } from '../../../../electron/api/contract';
import { useDataVersion, useTransport } from '../../api/apiContext';
import type { UploadProgress } from '../../api/transport';
import { messageOf } from '../../api/useApiQuery';
import { sameChosenFile, type ChosenFile } from './chosenFiles';
import { newJobId } from './newJobId';
import { useJobProgress } from './useJobProgress';

/** Where the dialog is: choosing files, sending them, importing, or showing the outcome. */
export type ImportPhase = 'choosing' | 'uploading' | 'importing' | 'done' | 'failed';

/**
 * The import dialog's logic: the chosen files and options, the upload (browser mode) and the
 * import call with its progress events, cancellation, and the per-file report.
 */
export function useImport() {
  const transport = useTransport();
  const { bump } = useDataVersion();
  const [files, setFiles] = useState<ChosenFile[]>([]);
  /** Why the last folder chosen gave nothing to import. */
  const [choiceProblem, setChoiceProblem] = useState<string | null>(null);
  const [dataset, setDataset] = useState('');
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [phase, setPhase] = useState<ImportPhase>('choosing');
  const [upload, setUpload] = useState<UploadProgress | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const progress = useJobProgress(jobId);

  const addFiles = useCallback((added: ChosenFile[]) => {
    setChoiceProblem(null);
    setFiles((current) => [...current, ...added.filter((f) => !current.some((c) => sameChosenFile(c, f)))]);
  }, []);
  const removeFile = useCallback((index: number) => setFiles((current) => current.filter((_, i) => i !== index)), []);

  /** Imports the chosen files; `mapping` (from the mapping step) reads them through it instead of detecting their format. */
  const start = useCallback(async (mapping?: unknown) => {
    if (files.length === 0) return;
    setError(null);
    setReport(null);
    // Listen for the job's progress before the call that starts it.
    const id = newJobId();
    setJobId(id);
    try {
      setPhase(transport.mode === 'browser' ? 'uploading' : 'importing');
      // Files of a chosen folder keep its name: the import puts them into one dataset named after it.
      const sent = await transport.importSources(
        files.map((f) => f.file),
        setUpload,
      );
      const sources = sent.map((source, i) => (files[i]?.folder === undefined ? source : { ...source, folder: files[i].folder }));
      setPhase('importing');
      const result = await transport.client['datasets.import']({
        sources,
        dataset: dataset.trim() || undefined,
        skipInvalid,
        jobId: id,
        ...(mapping === undefined ? {} : { mapping }),
      });
      setReport(result);
      setPhase('done');
    } catch (caught) {
      setError(messageOf(caught));
      setPhase('failed');
    } finally {
      bump();
    }
  }, [bump, dataset, files, skipInvalid, transport]);

  const cancel = useCallback(() => {
    if (jobId) void transport.client['jobs.cancel']({ jobId });
  }, [jobId, transport]);

  const startOver = useCallback(() => {
    setFiles([]);
    setChoiceProblem(null);
    setReport(null);
    setError(null);
    setUpload(null);
    setJobId(null);
    setPhase('choosing');
  }, []);

  return {
    files,
    addFiles,
    removeFile,
    choiceProblem,
    setChoiceProblem,
    dataset,
    setDataset,
    skipInvalid,
    setSkipInvalid,
    phase,
    running: phase === 'uploading' || phase === 'importing',
    upload,
    progress,
    report,
    error,
    start,
    cancel,
    startOver,
  };
}
