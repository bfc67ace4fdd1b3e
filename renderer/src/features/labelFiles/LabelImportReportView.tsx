import { Alert, Box, Typography } from '@mui/material';
import type { LabelImportReport } from '../../../../electron/api/contract';
import { formatCount, plural } from '../../common/format';
import { raterList } from '../../../../electron/common/raterList';

/** What importing a labels file did, or why it was rejected (every error with its line). */
export function LabelImportReportView({ report }: { report: LabelImportReport }) {
  if (report.status === 'rejected') {
    return (
      <Alert severity="error" data-testid="label-import-report">
        {report.file} was rejected whole ({plural(report.errors.length, 'problem')}); nothing was imported.
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          {report.errors.slice(0, 20).map((e, i) => (
            <li key={i}>
              {e.line !== null && <strong>line {e.line}: </strong>}
              {e.message}
            </li>
          ))}
          {report.errors.length > 20 && <li>… and {formatCount(report.errors.length - 20)} more</li>}
        </Box>
      </Alert>
    );
  }
  const parts = [
    `${formatCount(report.added)} added`,
    `${formatCount(report.changed)} changed (old values kept in history)`,
    `${formatCount(report.unchanged)} unchanged`,
    report.submissions > 0 && plural(report.submissions, 'submission'),
    report.newRaters.length > 0 && `new raters: ${raterList(report.newRaters)}`,
  ].filter(Boolean);
  return (
    <Alert severity={report.status === 'unchanged' ? 'info' : 'success'} data-testid="label-import-report">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {report.status === 'unchanged' ? `${report.file}: nothing new` : `${report.file} imported (${report.format.toUpperCase()})`}
      </Typography>
      <Typography variant="body2">{parts.join(' · ')}</Typography>
    </Alert>
  );
}
