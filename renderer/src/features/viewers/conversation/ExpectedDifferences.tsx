import { Box, Typography } from '@mui/material';
import type { ParameterComparison } from '../../../../../electron/api/artifacts';
import { MONO_FONT } from '../../../theme/theme';
import { JsonText, Scalar } from './JsonTree';

/**
 * On a tool call whose arguments disagree with the expected call: what was expected for each
 * differing parameter, right under the arguments the agent sent, so the reviewer need not look
 * it up in the trace table.
 */
export function ExpectedDifferences({ parameters }: { parameters: ParameterComparison[] }) {
  if (parameters.length === 0) return null;
  return (
    <Box data-testid="turn-expected-differences" sx={{ mt: 0.75, px: 1.25, py: 0.5, borderRadius: 1, bgcolor: '#fdf3f2', border: 1, borderColor: '#f0d3d0' }}>
      <Typography component="div" sx={{ fontSize: 12, fontWeight: 600, color: 'error.main' }}>
        Differs from the expected call:
      </Typography>
      {parameters.map((p) => (
        <Box key={p.name} sx={{ fontFamily: MONO_FONT, fontSize: 12, lineHeight: 1.7, overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ color: '#2f5d8a' }}>
            {p.name}
          </Box>{' '}
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {p.status === 'extra' ? 'not expected' : 'expected'}
          </Box>
          {p.status !== 'extra' && (
            <>
              {' '}
              <Value value={p.expected} />
            </>
          )}
          {p.status === 'missing' && (
            <Box component="span" sx={{ color: 'error.main' }}>
              {' · not given'}
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}

function Value({ value }: { value: unknown }) {
  return value !== null && typeof value === 'object' ? <JsonText value={value} /> : <Scalar value={value} />;
}
