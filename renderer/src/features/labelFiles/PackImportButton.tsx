import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress } from '@mui/material';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import { useId, useState } from 'react';
import type { PackImportReport } from '../../../../electron/api/contract';
import { useApi, useDataVersion, useTransport } from '../../api/apiContext';
import { PackImportReportView } from './PackImportReportView';
import { useAsyncAction } from '../../common/useAsyncAction';
import { HiddenFileInput } from '../../common/HiddenFileInput';

/** "Import label pack…": pick a pack file from another machine, merge it, and read what happened. */
export function PackImportButton({ variant = 'outlined' }: { variant?: 'outlined' | 'text' }) {
  const api = useApi();
  const transport = useTransport();
  const { bump } = useDataVersion();
  const input = useId();
  const [fileName, setFileName] = useState<string | null>(null);
  const action = useAsyncAction<PackImportReport>();

  const importPack = (file: File) => {
    setFileName(file.name);
    void action.run(async () => {
      const [source] = await transport.importSources([file]);
      const report = await api['packs.import']({ source });
      bump();
      return report;
    });
  };
  const close = () => {
    setFileName(null);
    action.reset();
  };

  return (
    <>
      <HiddenFileInput id={input} accept=".json,application/json" data-testid="pack-file-input" onFile={importPack} />
      <Button component="label" htmlFor={input} variant={variant} startIcon={<FileUploadOutlined />}>
        Import label pack…
      </Button>
      {fileName && (
        <Dialog open onClose={action.busy ? undefined : close} maxWidth="md" fullWidth aria-labelledby="pack-import-title">
          <DialogTitle id="pack-import-title">Label pack {fileName}</DialogTitle>
          <DialogContent dividers>
            {action.busy && <LinearProgress aria-label="Merging the pack" />}
            {action.error && <Alert severity="error">{action.error}</Alert>}
            {action.result && <PackImportReportView report={action.result} />}
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={action.busy}>
              Close
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
