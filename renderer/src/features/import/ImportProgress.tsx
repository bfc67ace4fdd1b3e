import { Box, LinearProgress, Typography } from '@mui/material';
import type { JobProgress } from '../../../../electron/api/contract';
import type { UploadProgress } from '../../api/transport';
import { progressAmount, progressRate } from '../../../../electron/common/progressText';
import { formatBytes, formatDuration } from '../../common/format';
import type { ImportPhase } from './useImport';

interface Props {
  phase: ImportPhase;
  upload: UploadProgress | null;
  progress: JobProgress | null;
}

/** The bar while files are sent and imported: the bytes read, then any labels the files carry as they are written. */
export function ImportProgress({ phase, upload, progress }: Props) {
  const { label, detail, percent } = describe(phase, upload, progress);
  return (
    <Box data-testid="import-progress" sx={{ py: 2 }}>
      <Typography sx={{ fontWeight: 600, mb: 1 }}>{label}</Typography>
      <LinearProgress
        variant={percent === null ? 'indeterminate' : 'determinate'}
        value={percent ?? 0}
        aria-label={label}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, minHeight: 20 }}>
        {detail}
      </Typography>
    </Box>
  );
}

function describe(phase: ImportPhase, upload: UploadProgress | null, progress: JobProgress | null) {
  if (phase === 'uploading') {
    const percent = upload && upload.totalBytes > 0 ? (100 * upload.sentBytes) / upload.totalBytes : null;
    return {
      label: 'Sending files to the workspace…',
      detail: upload ? `${formatBytes(upload.sentBytes)} of ${formatBytes(upload.totalBytes)}` : '',
      percent,
    };
  }
  if (!progress) return { label: 'Importing…', detail: '', percent: null };
  const percent = progress.total ? Math.min(100, (100 * progress.done) / progress.total) : null;
  // The file's bytes, then (a release carrying its labels) the labels written.
  const parts = [progressAmount(progress)];
  if (progress.rate > 0) parts.push(progressRate(progress.rate, progress.unit));
  if (progress.etaSeconds !== null && !progress.finished) parts.push(`about ${formatDuration(progress.etaSeconds)} left`);
  return { label: `${progress.label}…`, detail: parts.join(' · '), percent };
}
