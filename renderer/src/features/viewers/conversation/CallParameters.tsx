import { Box, Tooltip } from '@mui/material';
import type { ParameterComparison } from '../../../../../electron/api/artifacts';
import { MONO_FONT } from '../../../theme/theme';
import { JsonText, Scalar } from './JsonTree';

/** Which side of the alignment a parameter list shows. */
export type Side = 'expected' | 'actual';

/**
 * The parameters of one side of an aligned call. On the actual side every
 * disagreement with the expected call is marked: a differing value (with the expected one in
 * the tooltip), a missing parameter, an extra one.
 */
export function ComparedParameters({ parameters, side }: { parameters: ParameterComparison[]; side: Side }) {
  const shown = parameters.filter((p) => (side === 'expected' ? p.status !== 'extra' : true));
  if (shown.length === 0) return <NoArguments />;
  return (
    <Box sx={listSx}>
      {shown.map((p) => (
        <ParameterLine key={p.name} parameter={p} side={side} />
      ))}
    </Box>
  );
}

/** Plain arguments (a call without a counterpart: extra or missing). */
export function PlainParameters({ args }: { args: Record<string, unknown> | null }) {
  if (args === null) return <Box sx={{ ...listSx, color: 'error.main' }}>arguments could not be read</Box>;
  const entries = Object.entries(args);
  if (entries.length === 0) return <NoArguments />;
  return (
    <Box sx={listSx}>
      {entries.map(([name, value]) => (
        <Box key={name} sx={lineSx}>
          <Name name={name} />
          <Value value={value} />
        </Box>
      ))}
    </Box>
  );
}

function ParameterLine({ parameter: p, side }: { parameter: ParameterComparison; side: Side }) {
  if (side === 'expected') {
    return (
      <Box sx={lineSx} data-param={p.name} data-param-status={p.status}>
        <Name name={p.name} />
        <Value value={p.expected} />
      </Box>
    );
  }
  if (p.status === 'missing') {
    return (
      <Box sx={{ ...lineSx, color: 'error.main' }} data-testid="param-mismatch" data-param={p.name} data-param-status="missing">
        <Name name={p.name} color="error.main" /> <Box component="span" sx={{ fontStyle: 'italic' }}>not given</Box>
      </Box>
    );
  }
  const marked = p.status === 'different' || p.status === 'extra';
  const line = (
    <Box sx={lineSx} data-testid={marked ? 'param-mismatch' : undefined} data-param={p.name} data-param-status={p.status}>
      {p.status === 'extra' && (
        <Box component="span" sx={{ color: 'warning.main', fontWeight: 700, mr: 0.25 }}>
          +
        </Box>
      )}
      <Name name={p.name} color={p.status === 'extra' ? 'warning.main' : undefined} />
      <Box
        component="span"
        sx={
          marked
            ? { bgcolor: p.status === 'different' ? 'error.light' : 'warning.light', outline: '1px solid', outlineColor: p.status === 'different' ? '#e9b8b4' : '#ecd3a6', borderRadius: 0.5, px: 0.4 }
            : undefined
        }
      >
        <Value value={p.actual} />
      </Box>
    </Box>
  );
  if (p.status === 'different')
    return (
      <Tooltip
        title={
          <>
            expected <JsonText value={p.expected} />
          </>
        }
      >
        {line}
      </Tooltip>
    );
  if (p.status === 'extra') return <Tooltip title="Not an expected parameter">{line}</Tooltip>;
  return line;
}

function Name({ name, color }: { name: string; color?: string }) {
  return (
    <Box component="span" sx={{ color: color ?? '#2f5d8a' }}>
      {name}
      <Box component="span" sx={{ color: '#8a94a1', mr: 0.75 }}>
        :
      </Box>
    </Box>
  );
}

function Value({ value }: { value: unknown }) {
  return value !== null && typeof value === 'object' ? <JsonText value={value} /> : <Scalar value={value} />;
}

function NoArguments() {
  return <Box sx={{ ...listSx, color: 'text.disabled', fontStyle: 'italic' }}>no arguments</Box>;
}

// Parameters flow on wrapping lines, so a call with a few short arguments takes one line.
const listSx = { fontFamily: MONO_FONT, fontSize: 12, lineHeight: 1.7, mt: 0.25, minWidth: 0, display: 'flex', flexWrap: 'wrap', columnGap: 1.75 } as const;
const lineSx = { overflowWrap: 'anywhere', minWidth: 0 } as const;
