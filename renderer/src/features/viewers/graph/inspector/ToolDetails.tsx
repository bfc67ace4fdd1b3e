import { Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { SopTool } from '../graphTypes';
import { Code } from './Code';

/** One tool of a node: what it calls, what it asks for, what it returns and which values. */
export function ToolDetails({ tool }: { tool: SopTool }) {
  return (
    <Box data-testid="inspector-tool" sx={{ border: 1, borderColor: 'divider', borderRadius: 1.5, overflow: 'hidden' }}>
      <Box sx={{ px: 1.25, py: 1, bgcolor: '#fafbfc', borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
          {tool.method && <Chip size="small" label={tool.method} sx={{ height: 18, fontSize: 10.5, fontWeight: 700, bgcolor: '#ebe7f7', color: '#4a3590' }} />}
          <Typography variant="subtitle2" component="h5">
            {tool.name ?? 'Unnamed tool'}
          </Typography>
        </Box>
        {tool.url && <Code sx={{ display: 'block', mt: 0.25, color: 'text.secondary', fontSize: 11.5 }}>{tool.url}</Code>}
        {tool.description && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {tool.description}
          </Typography>
        )}
        {tool.condition && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            Called when <Code>{tool.condition}</Code>
          </Typography>
        )}
      </Box>
      <FieldTable
        title="Input variables"
        empty="Asks for nothing."
        rows={tool.inputs.map((input) => ({ name: input.name, type: input.type, description: input.description, values: null }))}
      />
      <FieldTable
        title="Response fields"
        empty="Returns nothing a condition could use."
        rows={tool.responses.map((field) => ({ name: field.name, type: field.type, description: field.description, values: field.allowedValues }))}
      />
    </Box>
  );
}

interface FieldRow {
  name: string;
  type: string | null;
  description: string | null;
  /** Declared categorical values; null when any value is accepted. */
  values: string[] | null;
}

function FieldTable({ title, rows, empty }: { title: string; rows: FieldRow[]; empty: string }) {
  return (
    <Box sx={{ '& + &': { borderTop: 1, borderColor: 'divider' } }}>
      <Typography variant="caption" component="h6" sx={{ display: 'block', px: 1.25, pt: 0.75, fontWeight: 600, color: 'text.secondary' }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 1.25, pb: 1 }}>
          {empty}
        </Typography>
      ) : (
        <Table size="small" aria-label={title} sx={{ tableLayout: 'fixed', '& td, & th': { px: 1.25, py: 0.625, verticalAlign: 'top', borderColor: 'divider' }, '& tr:last-of-type td': { borderBottom: 0 } }}>
          <TableHead sx={{ '& th': { bgcolor: 'transparent', fontSize: 11.5, py: 0.25 } }}>
            <TableRow>
              <TableCell sx={{ width: '38%' }}>Name</TableCell>
              <TableCell>{rows.some((r) => r.values) ? 'Type · values · description' : 'Type · description'}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, i) => (
              <TableRow key={i}>
                <TableCell>
                  <Code sx={{ fontWeight: 600 }}>{row.name}</Code>
                </TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
                    {row.type && <Chip size="small" variant="outlined" label={row.type} sx={{ height: 18, fontSize: 11 }} />}
                    {row.values?.map((value) => (
                      <Chip key={value} size="small" label={value} data-testid="allowed-value" sx={{ height: 18, fontSize: 11, bgcolor: '#e8eff6', color: '#214566', fontFamily: 'inherit' }} />
                    ))}
                  </Box>
                  {row.description && (
                    <Typography variant="caption" component="div" color="text.secondary" sx={{ mt: row.type || row.values ? 0.25 : 0, wordBreak: 'break-word' }}>
                      {row.description}
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
