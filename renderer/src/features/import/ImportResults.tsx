import { Alert, Box, Chip, Link, List, ListItem, Typography } from '@mui/material';
import type { ImportFileReport, ImportReport } from '../../../../electron/api/contract';
import { changedLabelledLine } from '../../../../electron/common/earlierVersion';
import { releaseTaskLine } from '../../../../electron/common/releaseTask';
import { importFindingCounts } from '../../../../electron/common/importFindings';
import { visibleText } from '../../../../electron/common/visibleText';
import { VisibleName } from '../../common/VisibleName';
import { MONO_FONT } from '../../theme/theme';
import { baseName, fileOutcome, formatFileError, wasCancelled } from './fileErrors';

/** Errors shown per file before "and N more" (the service lists up to 1,000). */
const SHOWN_ERRORS = 50;

/** Per-file outcome after an import: what went where, and every error with its place. */
export function ImportResults({ report, onOpenTask }: { report: ImportReport; onOpenTask(taskId: number): void }) {
  const rejected = report.files.filter((f) => f.status === 'rejected').length;
  const cancelled = report.files.some(wasCancelled);
  return (
    <Box data-testid="import-results">
      {cancelled ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Import cancelled. Files that were not finished left the workspace unchanged.
        </Alert>
      ) : rejected > 0 ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {rejected === report.files.length
            ? 'No file was imported.'
            : `${rejected} of ${report.files.length} files ${rejected === 1 ? 'was' : 'were'} rejected; the others were imported.`}{' '}
          A rejected file leaves the workspace unchanged.
        </Alert>
      ) : (
        <Alert severity="success" sx={{ mb: 2 }}>
          Import finished.
        </Alert>
      )}
      <List disablePadding aria-label="Import results">
        {report.files.map((file, index) => (
          <FileResult key={`${file.file}-${index}`} file={file} onOpenTask={onOpenTask} />
        ))}
      </List>
    </Box>
  );
}

const STATUS = {
  imported: { label: 'Imported', color: 'success' },
  unchanged: { label: 'Unchanged', color: 'default' },
  rejected: { label: 'Rejected', color: 'error' },
} as const;

function FileResult({ file, onOpenTask }: { file: ImportFileReport; onOpenTask(taskId: number): void }) {
  const name = baseName(file.file);
  const status = STATUS[file.status];
  return (
    <ListItem divider sx={{ display: 'block', px: 0, py: 1.5 }} data-testid="import-file-result">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Chip size="small" label={status.label} color={status.color} variant={file.status === 'unchanged' ? 'outlined' : 'filled'} />
        <Typography sx={{ fontWeight: 600 }}>
          <VisibleName name={name} />
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {[file.format, file.dataset && `→ dataset “${visibleText(file.dataset)}”`].filter(Boolean).join(' ')}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {fileOutcome(file)}
      </Typography>
      {file.task && (
        // A release that carries its raters' labels (JUDGE-BENCH) made a task of them: said here as the CLI says it.
        <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="import-release-task">
          {visibleText(releaseTaskLine(file.task))}
          {file.task.id !== undefined && (
            <>
              {' · '}
              <Link component="button" variant="body2" sx={{ verticalAlign: 'baseline' }} onClick={() => onOpenTask(file.task!.id!)}>
                Open task
              </Link>
            </>
          )}
        </Typography>
      )}
      {file.findings && (
        // What a reader could not read, a broken trace: the file imported, but not clean.
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="import-findings">
          Findings: {importFindingCounts(file.findings)}, listed on the dataset&apos;s items
        </Typography>
      )}
      {changedLabelledLine(file.changedLabelled) && (
        <Alert severity="warning" variant="outlined" sx={{ mt: 1, py: 0 }} data-testid="changed-labelled">
          {changedLabelledLine(file.changedLabelled)}
        </Alert>
      )}
      {file.errors.length > 0 && (
        <Box
          component="ul"
          sx={{
            m: 0,
            mt: 1,
            pl: 1.5,
            listStyle: 'none',
            borderLeft: 2,
            borderColor: file.status === 'rejected' ? 'error.main' : 'warning.main',
            fontFamily: MONO_FONT,
            fontSize: 12.5,
            color: file.status === 'rejected' ? 'error.main' : 'warning.main',
            '& li + li': { mt: 0.5 },
          }}
        >
          {file.errors.slice(0, SHOWN_ERRORS).map((error, i) => (
            <li key={i}>{visibleText(formatFileError(name, error))}</li>
          ))}
          {file.errors.length > SHOWN_ERRORS && <li>… and {file.errors.length - SHOWN_ERRORS} more</li>}
        </Box>
      )}
    </ListItem>
  );
}
