import { Box, Link, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { CuratedItem } from '../../../../electron/api/contract';
import { count } from '../../../../electron/common/numberFormat';
import { VisibleName } from '../../common/VisibleName';
import { kindNoun } from './kindNoun';

export interface CurationRow {
  item: CuratedItem;
  /** Why the item is listed here: who rejected it, which flowgraph took it along. */
  reason: ReactNode;
}

/** A titled list of items (removed, not judged…), each linking to its page, with the reason. */
export function CurationItemsTable({ title, note, rows, testId }: { title: string; note: string; rows: CurationRow[]; testId: string }) {
  const titleId = `${testId}-title`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} data-testid={testId}>
      <Box sx={{ px: 2.5, pt: 2, pb: 1 }}>
        <Typography variant="h3" id={titleId}>
          {title} <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>({count(rows.length)})</Box>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {note}
        </Typography>
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={title} sx={{ '& :is(th, td):first-of-type': { pl: 2.5 }, '& :is(th, td):last-of-type': { pr: 2.5 } }}>
          <TableHead>
            <TableRow>
              <TableCell>Item</TableCell>
              <TableCell>Kind</TableCell>
              <TableCell>Dataset</TableCell>
              <TableCell>Why</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map(({ item, reason }) => (
              <TableRow key={item.id} data-testid={`${testId}-row`}>
                <TableCell sx={{ fontFamily: 'monospace', fontSize: 13 }}>
                  <Link component={RouterLink} to={`/items/${item.id}`} underline="hover">
                    <VisibleName name={item.externalId} />
                  </Link>
                </TableCell>
                <TableCell>{kindNoun(item.kind, 1)}</TableCell>
                <TableCell sx={{ color: 'text.secondary' }}>
                  <VisibleName name={item.dataset} />
                </TableCell>
                <TableCell>{reason}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}
