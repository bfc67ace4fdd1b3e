import { Box, Chip, Typography } from '@mui/material';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import type { SopStep } from '../../../../../electron/api/artifacts';
import { actionTypeStyle, observationText, stepNumber } from './sessionPayload';

interface Props {
  step: SopStep;
  selected: boolean;
  /** Why the step is incorrect by the continuation rule; null when it is not. */
  ruledBecause: string | null;
  /** This is the failed step the agent continued past. */
  continuedPast: boolean;
  onSelect(): void;
}

/**
 * One step of the execution memory: its number, the SOP state the agent chose, the action's
 * type as a coloured chip, the action, what came back and whether it succeeded. A step the
 * continuation rule makes incorrect carries a hatched band and a "incorrect by rule" chip with
 * the reason — drawn unlike any human mark (those are on the questions pane), so nobody takes
 * the rule's verdict for an annotator's.
 */
export function StepCard({ step, selected, ruledBecause, continuedPast, onSelect }: Props) {
  const type = actionTypeStyle(step.type);
  const failed = step.status === 'fail';
  const observation = observationText(step.observation);
  return (
    <Box
      component="li"
      data-testid={`sop-step-${step.index}`}
      data-ruled={ruledBecause !== null || undefined}
      aria-current={selected ? 'step' : undefined}
      onClick={onSelect}
      sx={{
        listStyle: 'none',
        cursor: 'pointer',
        borderLeft: 3,
        borderColor: failed ? '#b3261e' : '#2e7d4f',
        bgcolor: selected ? 'rgba(47, 93, 138, 0.08)' : 'background.paper',
        outline: selected ? '2px solid rgba(47, 93, 138, 0.55)' : 'none',
        outlineOffset: -2,
        px: 1.5,
        py: 1,
        borderBottom: 1,
        borderBottomColor: 'divider',
        ...(ruledBecause !== null && {
          backgroundImage: 'repeating-linear-gradient(135deg, rgba(179, 38, 30, 0.06) 0 6px, transparent 6px 12px)',
        }),
      }}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: '56px minmax(0, 1fr) auto', columnGap: 1, rowGap: 0.5, alignItems: 'start' }}>
        <Typography component="span" variant="body2" sx={{ fontWeight: 700, lineHeight: '24px' }}>
          Step {stepNumber(step.index)}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', columnGap: 1, rowGap: 0.5, flexWrap: 'wrap', minHeight: 24 }}>
          <Chip size="small" label={type.label} data-testid="sop-step-type" sx={{ color: type.color, bgcolor: type.fill, border: `1px solid ${type.color}33`, fontWeight: 500 }} />
          <Typography component="code" variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600, overflowWrap: 'anywhere' }}>
            {step.action}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.25 }}>
          <Chip
            size="small"
            variant={failed ? 'filled' : 'outlined'}
            label={failed ? 'fail' : 'success'}
            data-testid="sop-step-status"
            sx={failed ? { bgcolor: '#b3261e', color: '#fff', fontWeight: 600 } : { color: '#2e7d4f', borderColor: '#2e7d4f66' }}
          />
          {step.state !== null && (
            <Typography component="span" variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }} title={step.outlineLine === null ? 'this state names no line of the SOP' : undefined}>
              state <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 600, color: step.outlineLine === null ? '#a15c00' : 'text.primary' }}>{step.state}</Box>
            </Typography>
          )}
        </Box>
        {observation !== '' && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ gridColumn: '2 / 3', fontFamily: typeof step.observation === 'string' ? undefined : 'monospace', fontSize: typeof step.observation === 'string' ? undefined : 12.5, overflowWrap: 'anywhere' }}
          >
            <Box component="span" sx={{ fontWeight: 600, color: 'text.primary', fontFamily: 'inherit' }}>
              observation:{' '}
            </Box>
            {observation}
          </Typography>
        )}
      </Box>
      {continuedPast && (
        <Typography variant="caption" sx={{ display: 'block', mt: 0.5, pl: '60px', color: '#b3261e' }} data-testid="sop-continued-past">
          The agent went on without repeating this action or consulting external knowledge: every later step is incorrect by rule.
        </Typography>
      )}
      {ruledBecause !== null && (
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mt: 0.75, pl: '60px' }}>
          <Chip
            size="small"
            icon={<GavelOutlined sx={{ fontSize: 15 }} />}
            label="incorrect by rule"
            variant="outlined"
            data-testid="sop-ruled-chip"
            sx={{ borderStyle: 'dashed', borderColor: '#b3261e', color: '#b3261e', fontWeight: 600, flex: '0 0 auto', '& .MuiChip-icon': { color: '#b3261e' } }}
          />
          <Typography variant="caption" color="text.secondary" sx={{ pt: 0.25 }}>
            {ruledBecause}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
