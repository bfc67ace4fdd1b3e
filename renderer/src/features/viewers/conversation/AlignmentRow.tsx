import { Box, ButtonBase, Typography } from '@mui/material';
import AddCircleOutlineOutlined from '@mui/icons-material/AddCircleOutlineOutlined';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import SwapVertOutlined from '@mui/icons-material/SwapVertOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import type { TraceAlignmentRow, TraceCall } from '../../../../../electron/api/artifacts';
import { MONO_FONT } from '../../../theme/theme';
import { ComparedParameters, PlainParameters } from './CallParameters';
import { parameterMismatches } from './turnMarks';

/** Column widths shared by the header and every row, so the two traces line up. */
export const ALIGNMENT_COLUMNS = '26px minmax(0, 1fr) 132px minmax(0, 1fr)';

/**
 * A row of the alignment table, clickable when it leads to a turn: the grid, its padding and
 * rule, the selected and hover fills. One home for every row kind (a call pair, a termination).
 */
export function alignmentRowSx(options: { selected: boolean; clickable: boolean; fill: string | undefined; hoverFill: string }) {
  const { selected, clickable, fill, hoverFill } = options;
  return {
    display: 'grid',
    gridTemplateColumns: ALIGNMENT_COLUMNS,
    columnGap: 1.5,
    alignItems: 'start',
    width: '100%',
    textAlign: 'left',
    px: 1.5,
    py: 1,
    bgcolor: selected ? 'primary.light' : fill,
    borderTop: 1,
    borderColor: 'divider',
    cursor: clickable ? 'pointer' : 'default',
    '&:hover': clickable ? { bgcolor: selected ? 'primary.light' : hoverFill } : undefined,
    '&.Mui-disabled': { pointerEvents: 'auto' },
  } as const;
}

interface Verdict {
  label: string;
  icon: SvgIconComponent;
  color: string;
  fill: string | undefined;
}

/** How a row is shown: missing calls red, extra and misordered amber, differing parameters red. */
export function verdictOf(row: TraceAlignmentRow): Verdict {
  switch (row.status) {
    case 'missing':
      return { label: 'Missing', icon: CancelOutlined, color: 'error.main', fill: '#fdf3f2' };
    case 'extra':
      return { label: 'Extra', icon: AddCircleOutlineOutlined, color: 'warning.main', fill: '#fdf7ec' };
    case 'misordered':
      return { label: 'Misordered', icon: SwapVertOutlined, color: 'warning.main', fill: '#fdf7ec' };
    case 'retry':
      // A failed attempt the agent made again: shown, but neither a pair nor an extra call.
      return { label: 'Failed, retried', icon: ReplayOutlined, color: 'text.secondary', fill: '#f6f7f9' };
    default:
      return parameterMismatches(row).length > 0
        ? { label: 'Parameters differ', icon: ErrorOutlineOutlined, color: 'error.main', fill: undefined }
        : { label: 'Match', icon: CheckCircleOutlined, color: 'success.main', fill: undefined };
  }
}

interface Props {
  row: TraceAlignmentRow;
  number: number;
  expected: TraceCall | undefined;
  actual: TraceCall | undefined;
  selected: boolean;
  onJump(turn: number): void;
}

/** One line of the side-by-side traces: the expected call, the verdict, the call made. */
export function AlignmentRow({ row, number, expected, actual, selected, onJump }: Props) {
  const verdict = verdictOf(row);
  const Icon = verdict.icon;
  const paired = row.expectedIndex !== null && row.actualIndex !== null;
  const clickable = row.turn !== null;
  return (
    <ButtonBase
      component="div"
      role={clickable ? 'button' : 'row'}
      aria-label={`${verdict.label}: ${row.name}${row.turn !== null ? `, turn ${row.turn}` : ''}`}
      aria-current={selected ? 'true' : undefined}
      data-testid="trace-row"
      data-status={row.status}
      data-turn={row.turn ?? undefined}
      disabled={!clickable}
      onClick={() => row.turn !== null && onJump(row.turn)}
      sx={alignmentRowSx({ selected, clickable, fill: verdict.fill, hoverFill: '#f3f6f9' })}
    >
      <Typography component="div" sx={{ fontSize: 12, color: 'text.secondary', fontVariantNumeric: 'tabular-nums', pt: 0.25 }}>
        {number}
      </Typography>
      <Box data-testid="trace-expected" sx={{ minWidth: 0 }}>
        {row.expectedIndex === null ? (
          <Absent text="not expected" />
        ) : (
          <>
            <CallName name={row.name} color={row.status === 'missing' ? 'error.main' : undefined} />
            {paired ? <ComparedParameters parameters={row.parameters} side="expected" /> : <PlainParameters args={expected?.arguments ?? null} />}
          </>
        )}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: verdict.color, pt: 0.1 }} data-testid="trace-verdict">
        <Icon sx={{ fontSize: 17 }} aria-hidden />
        <Typography component="span" sx={{ fontSize: 12.5, fontWeight: 650 }}>
          {verdict.label}
        </Typography>
      </Box>
      <Box data-testid="trace-actual" sx={{ minWidth: 0 }}>
        {row.actualIndex === null ? (
          <Absent text="never called" tone="error.main" />
        ) : (
          <>
            <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
              <CallName name={actual?.name ?? row.name} color={row.status === 'extra' ? 'warning.dark' : undefined} />
              {row.turn !== null && (
                <Typography component="span" sx={{ fontSize: 12, color: 'primary.main', whiteSpace: 'nowrap' }}>
                  turn {row.turn}
                </Typography>
              )}
            </Box>
            {paired ? <ComparedParameters parameters={row.parameters} side="actual" /> : <PlainParameters args={actual?.arguments ?? null} />}
          </>
        )}
      </Box>
    </ButtonBase>
  );
}

function CallName({ name, color }: { name: string; color?: string }) {
  return (
    <Typography component="span" sx={{ fontFamily: MONO_FONT, fontSize: 13, fontWeight: 700, color: color ?? '#3f2d66', overflowWrap: 'anywhere' }}>
      {name}
    </Typography>
  );
}

function Absent({ text, tone }: { text: string; tone?: string }) {
  return (
    <Typography component="span" sx={{ fontSize: 12.5, fontStyle: 'italic', color: tone ?? 'text.disabled' }}>
      {text}
    </Typography>
  );
}
