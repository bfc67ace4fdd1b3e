import { Alert, Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { PackImportReport } from '../../../../electron/api/contract';
import { formatCount } from '../../common/format';
import { MONO_FONT } from '../../theme/theme';

/** The report in one sentence: merged, nothing new, or nothing merged because labels were refused. */
export function summary(report: PackImportReport): string {
  const refused = report.refused.length;
  const whose = `${report.annotator}'s pack for “${report.task}”`;
  if (report.status === 'imported') return `Merged ${whose}${refused ? `; ${refused === 1 ? '1 label was' : `${refused} labels were`} refused (see below)` : ''}.`;
  if (refused === 0) return `Nothing new: every label of ${whose} was already here.`;
  return `Nothing merged from ${whose}: ${report.unchanged === 1 ? '1 label was' : `${report.unchanged} labels were`} already here and ${refused === 1 ? '1 was' : `${refused} were`} refused (see below).`;
}

/** What merging a label pack did: applied, kept in history, unchanged, submissions, and every refused label with its reason. */
export function PackImportReportView({ report }: { report: PackImportReport }) {
  const figures: [string, number, string][] = [
    ['Applied', report.applied, 'became the current label'],
    ['Kept', report.kept, 'older than the label here; kept in history'],
    ['Unchanged', report.unchanged, 'already here'],
    ['Submissions', report.submissions, 'items marked submitted'],
    ['Refused', report.refused.length, 'not merged; see below'],
  ];
  return (
    <Box data-testid="pack-import-report">
      <Alert severity={report.refused.length > 0 ? 'warning' : report.status === 'unchanged' ? 'info' : 'success'} sx={{ mb: 2 }}>
        {summary(report)}
        {report.originals ? ` With them, the originals of ${formatCount(report.originals)} label${report.originals === 1 ? '' : 's'} revised after discussion (agreement counts those).` : ''}
      </Alert>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: 1, mb: 2 }}>
        {figures.map(([name, value, help]) => (
          <Box key={name} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1 }} data-testid={`pack-${name.toLowerCase()}`} aria-label={`${name}: ${value}`}>
            <Typography variant="caption" color="text.secondary">
              {name}
            </Typography>
            <Typography sx={{ fontWeight: 600, fontSize: 20, fontVariantNumeric: 'tabular-nums', color: name === 'Refused' && value > 0 ? 'warning.main' : undefined }}>{formatCount(value)}</Typography>
            <Typography variant="caption" color="text.secondary" sx={{ lineHeight: 1.2, display: 'block' }}>
              {help}
            </Typography>
          </Box>
        ))}
      </Box>
      {report.refused.length > 0 && (
        <Table size="small" aria-label="Refused labels">
          <TableHead>
            <TableRow>
              <TableCell>Item</TableCell>
              <TableCell>Unit</TableCell>
              <TableCell>Question</TableCell>
              <TableCell>Why it was refused</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.refused.map((r, i) => (
              <TableRow key={i} data-testid="refused-label">
                <TableCell sx={{ fontFamily: MONO_FONT, fontSize: 12.5, whiteSpace: 'nowrap' }}>{r.item}</TableCell>
                <TableCell sx={{ fontFamily: MONO_FONT, fontSize: 12.5 }}>{r.unit || '—'}</TableCell>
                <TableCell sx={{ fontFamily: MONO_FONT, fontSize: 12.5 }}>{r.question}</TableCell>
                <TableCell>{r.reason}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
