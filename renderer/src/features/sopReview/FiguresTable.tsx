import { Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReviewGroup } from '../../../../electron/api/contract';
import { count } from '../../../../electron/common/numberFormat';
import { AccuracyCell } from './AccuracyCell';

export interface FiguresRow {
  key: string;
  /** The group's name cells (SOP, model, or both). */
  names: string[];
  group: ReviewGroup;
}

/** One grouping of the report (by SOP, by model, by both): a row per group with its two accuracies and their n. */
export function FiguresTable({ title, columns, rows, testId }: { title: string; columns: string[]; rows: FiguresRow[]; testId: string }) {
  return (
    <Paper variant="outlined" data-testid={testId}>
      <Typography variant="h4" component="h2" sx={{ px: 2.5, pt: 1.75, pb: 1 }}>
        {title}
      </Typography>
      <Table size="small" aria-label={title} sx={{ '& :is(th, td):first-of-type': { pl: 2.5 }, '& :is(th, td):last-of-type': { pr: 2.5 }, '& td': { fontVariantNumeric: 'tabular-nums' } }}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c}>{c}</TableCell>
            ))}
            <TableCell align="right">Sessions</TableCell>
            <TableCell align="right">Steps</TableCell>
            <TableCell align="right">State accuracy</TableCell>
            <TableCell align="right">Action accuracy (correct states)</TableCell>
            <TableCell align="right">Incorrect by rule</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key} data-testid={`${testId}-row`}>
              {row.names.map((name, i) => (
                <TableCell key={i} sx={{ fontFamily: 'monospace', fontSize: 13 }}>
                  {name}
                </TableCell>
              ))}
              <TableCell align="right">{count(row.group.sessions)}</TableCell>
              <TableCell align="right">{count(row.group.steps)}</TableCell>
              <TableCell align="right">
                <AccuracyCell accuracy={row.group.state} />
              </TableCell>
              <TableCell align="right">
                <AccuracyCell accuracy={row.group.action} />
              </TableCell>
              <TableCell align="right">{count(row.group.ruledSteps)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
