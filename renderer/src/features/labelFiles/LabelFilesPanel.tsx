import { Alert, Box, Button, Divider, LinearProgress, MenuItem, Paper, TextField, Typography } from '@mui/material';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useId, useState } from 'react';
import type { AnnotatorRole, JobProgress, LabelImportReport, TaskDetail } from '../../../../electron/api/contract';
import { progressAmount } from '../../../../electron/common/progressText';
import { useApi, useDataVersion, useTransport } from '../../api/apiContext';
import { saveTextFile } from '../../common/download';
import { plural } from '../../common/format';
import { canAdjudicate } from '../identity/identityStore';
import { LabelImportReportView } from './LabelImportReportView';
import { PackImportButton } from './PackImportButton';
import { useAsyncAction } from '../../common/useAsyncAction';
import { HiddenFileInput } from '../../common/HiddenFileInput';
import { newJobId } from '../import/newJobId';
import { useJobProgress } from '../import/useJobProgress';

/**
 * A task's labels as files: CSV (item, unit, question, rater, value, rationale) and JSONL
 * out and in, and one annotator's label pack out (packs come in from the same panel).
 * An annotator labels blind (DESIGN.md §4): they see only what keeps them blind — import of
 * their own labels, their own pack out, packs in — and a line saying why the rest is hidden;
 * the server refuses the rest too, since every call says who is asking.
 */
export function LabelFilesPanel({ task, me, role }: { task: TaskDetail; me: string; role: AnnotatorRole }) {
  const api = useApi();
  const transport = useTransport();
  const { bump } = useDataVersion();
  const input = useId();
  const exporting = useAsyncAction<string>();
  const importing = useAsyncAction<LabelImportReport>();
  const everyone = canAdjudicate(role);
  const annotators = task.progress.map((p) => p.name);
  const [chosen, setChosen] = useState(annotators.includes(me) ? me : (annotators[0] ?? ''));
  const packOf = everyone ? chosen : me;

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
  // A crowd's file holds 100,000s of labels: a bar counts them while they are written.
  const [jobId, setJobId] = useState<string | null>(null);
  const progress = useJobProgress(jobId);
  const importLabels = (file: File) =>
    importing.run(async () => {
      const id = newJobId();
      setJobId(id);
      const [source] = await transport.importSources([file]);
      const report = await api['labels.import']({ task: task.id, source, jobId: id });
      bump();
      return report;
    });

  return (
    <Paper variant="outlined" component="section" aria-labelledby="label-files-title" sx={{ p: 2.5 }}>
      <Typography variant="h3" id="label-files-title">
        Label files
      </Typography>
      {everyone ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Every rater’s labels with rationales and timestamps. CSV has one row per label (tags joined by “;”), JSONL one object per line.
        </Typography>
      ) : (
        <>
          <BlindNote />
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Import a CSV or JSONL file of your own labels: every row’s rater must be <strong>{me}</strong>.
          </Typography>
        </>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {everyone && (
          <>
            <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={() => void exportLabels('csv')} disabled={exporting.busy}>
              Export CSV
            </Button>
            <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={() => void exportLabels('jsonl')} disabled={exporting.busy}>
              Export JSONL
            </Button>
          </>
        )}
        <HiddenFileInput id={input} accept=".csv,.jsonl,.ndjson,text/csv" data-testid="labels-file-input" onFile={(file) => void importLabels(file)} />
        <Button component="label" htmlFor={input} variant={everyone ? 'text' : 'outlined'} startIcon={<FileUploadOutlined />} disabled={importing.busy}>
          {everyone ? 'Import labels…' : 'Import my labels…'}
        </Button>
      </Box>
      {importing.busy && progress && !progress.finished && <LabelsProgress progress={progress} />}
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
        {everyone ? 'For annotators on separate machines: one annotator’s labels' : 'For labeling on another machine: your labels'} with the content hash of each item.
        Importing merges them, refuses labels on items that changed, and changes nothing the second time.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {everyone && (
          <TextField select size="small" label="Annotator" value={chosen} onChange={(e) => setChosen(e.target.value)} sx={{ minWidth: 160 }} disabled={annotators.length === 0}>
            {annotators.map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={() => void exportPack()} disabled={!packOf || exporting.busy}>
          {everyone ? 'Export pack' : 'Export my pack'}
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

/** Why an annotator sees no all-raters export and no one else's pack. */
function BlindNote() {
  return (
    <Box
      data-testid="label-files-blind-note"
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mt: 1, mb: 1.5, px: 1.5, py: 1, borderRadius: 1, bgcolor: 'background.default' }}
    >
      <LockOutlined sx={{ fontSize: 16, mt: '2px', color: 'text.secondary' }} />
      <Typography variant="body2" color="text.secondary">
        You label blind, so exports of every rater’s labels and other annotators’ packs are for adjudicators and leads.
      </Typography>
    </Box>
  );
}

/** The labels of a file written so far. */
function LabelsProgress({ progress }: { progress: JobProgress }) {
  const percent = progress.total ? Math.min(100, (100 * progress.done) / progress.total) : null;
  return (
    <Box sx={{ mt: 2 }} data-testid="labels-import-progress">
      <LinearProgress variant={percent === null ? 'indeterminate' : 'determinate'} value={percent ?? 0} aria-label={progress.label} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {progress.label}: {progressAmount(progress)}
      </Typography>
    </Box>
  );
}
