import { Alert, Box, Button, Divider, MenuItem, Paper, TextField, Typography } from '@mui/material';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import { useId, useState } from 'react';
import type { LabelImportReport, TaskDetail } from '../../../../electron/api/contract';
import { useApi, useDataVersion, useTransport } from '../../api/apiContext';
import { saveTextFile } from '../../shared/download';
import { plural } from '../../shared/format';
import { LabelImportReportView } from './LabelImportReportView';
import { PackImportButton } from './PackImportButton';
import { useFileAction } from './useFileAction';

/**
 * A task's labels as files: CSV (item, unit, question, rater, value, rationale) and JSONL
 * out and in, and one annotator's label pack out (packs come in from the same panel).
 */
export function LabelFilesPanel({ task, me }: { task: TaskDetail; me: string }) {
  const api = useApi();
  const transport = useTransport();
  const { bump } = useDataVersion();
  const input = useId();
  const exporting = useFileAction<string>();
  const importing = useFileAction<LabelImportReport>();
  const annotators = task.progress.map((p) => p.name);
  const [packOf, setPackOf] = useState(annotators.includes(me) ? me : (annotators[0] ?? ''));

  const exportLabels = (format: 'csv' | 'jsonl') =>
    exporting.run(async () => {
      const file = await api['labels.export']({ task: task.id, format });
      saveTextFile(file.fileName, file.content, format === 'csv' ? 'text/csv' : 'application/x-ndjson');
      return `${file.fileName}: ${plural(file.rows, 'label')}`;
    });
  const exportPack = () =>
    exporting.run(async () => {
      const pack = await api['packs.export']({ task: task.id, annotator: packOf });
      saveTextFile(pack.fileName, pack.content, 'application/json');
      return `${pack.fileName}: ${plural(pack.labels, 'label')} of ${pack.annotator}`;
    });
  const importLabels = (file: File) =>
    importing.run(async () => {
      const [source] = await transport.importSources([file]);
      const report = await api['labels.import']({ task: task.id, source });
      bump();
      return report;
    });

  return (
    <Paper variant="outlined" component="section" aria-labelledby="label-files-title" sx={{ p: 2.5 }}>
      <Typography variant="h3" id="label-files-title">
        Label files
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Every rater’s labels with rationales and timestamps. CSV has one row per label (tags joined by “;”), JSONL one object per line.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={() => void exportLabels('csv')} disabled={exporting.busy}>
          Export CSV
        </Button>
        <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={() => void exportLabels('jsonl')} disabled={exporting.busy}>
          Export JSONL
        </Button>
        <input
          id={input}
          type="file"
          accept=".csv,.jsonl,.ndjson,text/csv"
          hidden
          data-testid="labels-file-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void importLabels(file);
          }}
        />
        <Button component="label" htmlFor={input} startIcon={<FileUploadOutlined />} disabled={importing.busy}>
          Import labels…
        </Button>
      </Box>
      {importing.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {importing.error}
        </Alert>
      )}
      {importing.result && (
        <Box sx={{ mt: 2 }}>
          <LabelImportReportView report={importing.result} />
        </Box>
      )}
      <Divider sx={{ my: 2.5 }} />
      <Typography variant="h4" sx={{ mb: 0.5 }}>
        Label packs
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        For annotators on separate machines: one annotator’s labels with the content hash of each item. Importing merges them, refuses labels on items that changed, and
        changes nothing the second time.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField select size="small" label="Annotator" value={packOf} onChange={(e) => setPackOf(e.target.value)} sx={{ minWidth: 160 }} disabled={annotators.length === 0}>
          {annotators.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={() => void exportPack()} disabled={!packOf || exporting.busy}>
          Export pack
        </Button>
        <PackImportButton variant="text" />
      </Box>
      {exporting.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {exporting.error}
        </Alert>
      )}
      {exporting.result && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} data-testid="export-result">
          Saved {exporting.result}
        </Typography>
      )}
    </Paper>
  );
}
