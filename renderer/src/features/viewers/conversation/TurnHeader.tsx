import { Box, Chip, Tooltip, Typography } from '@mui/material';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import type { Turn } from '../../../../../electron/api/artifacts';
import { ROLE_STYLE } from './roleStyle';
import { TraceMark } from './TraceMark';
import { formatElapsed, formatLatency, epochSeconds } from './turnTiming';
import type { TurnMarks } from './turnMarks';

interface Props {
  turn: Turn;
  marks: TurnMarks;
  /** Epoch seconds of the conversation's first timestamp, for "+0:09" times. */
  start: number | null;
}

/** Who speaks (role, agent), how long the user waited, when, and how the call fits the trace. */
export function TurnHeader({ turn, marks, start }: Props) {
  const style = ROLE_STYLE[turn.role];
  const Icon = style.icon;
  const at = epochSeconds(turn.timestamp);
  const label = turn.role === 'other' ? `Role “${turn.sourceRole}”` : turn.role === 'event' ? `Event · ${turn.sourceRole}` : style.label;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 24, flexWrap: 'wrap' }}>
      <Tooltip title={`Source role: ${turn.sourceRole}`} placement="top-start">
        <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, color: style.accent }}>
          <Icon sx={{ fontSize: 17 }} aria-hidden />
          <Typography component="span" sx={{ fontSize: 13, fontWeight: 650, letterSpacing: '0.01em' }} data-testid="turn-role">
            {label}
          </Typography>
        </Box>
      </Tooltip>
      {turn.agent && (
        <Chip
          size="small"
          label={turn.agent}
          data-testid="turn-agent"
          sx={{ height: 20, fontSize: 12, bgcolor: '#eef2ee', color: '#2b5a3e', fontWeight: 600, '& .MuiChip-label': { px: 0.9 } }}
        />
      )}
      {turn.latencySeconds !== undefined && (
        <Tooltip title="Latency the user perceived before this response">
          <Box component="span" data-testid="turn-latency" sx={quietMeta}>
            <TimerOutlined sx={{ fontSize: 14 }} aria-hidden />
            {formatLatency(turn.latencySeconds)}
          </Box>
        </Tooltip>
      )}
      {at !== null && start !== null && (
        <Tooltip title={typeof turn.timestamp === 'string' ? turn.timestamp : new Date(at * 1000).toISOString()}>
          <Box component="span" data-testid="turn-time" sx={quietMeta}>
            <ScheduleOutlined sx={{ fontSize: 14 }} aria-hidden />
            {formatElapsed(at - start)}
          </Box>
        </Tooltip>
      )}
      <Box sx={{ flex: 1 }} />
      {marks.trace && <TraceMark row={marks.trace} />}
    </Box>
  );
}

const quietMeta = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 0.4,
  fontSize: 12.5,
  color: 'text.secondary',
  fontVariantNumeric: 'tabular-nums',
} as const;
