import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { QuestionCalibration } from '../../../../../electron/api/contract';
import { count, percent } from '../../../../../electron/common/numberFormat';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const LABEL = { unanimous: 'Unanimous', majority: 'Majority', split: 'Split' } as const;

/** The judge's agreement on units where the humans were unanimous, had a majority, or split — beside the humans' own agreement there. */
export function CertaintySplitTable({ q }: { q: QuestionCalibration }) {
  return (
    <Table size="small" aria-label="Agreement by human certainty" data-testid="certainty" sx={{ '& td, & th': { px: 1, whiteSpace: 'nowrap' } }}>
      <TableHead>
        <TableRow>
          <TableCell>Humans</TableCell>
          <TableCell align="right">Units</TableCell>
          <TableCell align="right">Judge–human</TableCell>
          <TableCell align="right">Human–human</TableCell>
          <TableCell align="right">Judge = majority</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {q.certainty.map((s) => (
          <TableRow key={s.certainty} data-testid="certainty-row" data-certainty={s.certainty}>
            <TableCell sx={{ fontWeight: 600 }}>{LABEL[s.certainty]}</TableCell>
            <TableCell align="right" sx={num}>
              {count(s.units)}
            </TableCell>
            <TableCell align="right" sx={num}>
              {percent(s.judgeHuman)}
            </TableCell>
            <TableCell align="right" sx={num}>
              {percent(s.humanHuman)}
            </TableCell>
            <TableCell align="right" sx={num}>
              {percent(s.judgeMajority)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
