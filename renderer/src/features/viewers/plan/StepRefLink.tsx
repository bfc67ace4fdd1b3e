import { Box, Tooltip } from '@mui/material';
import type { PlanStep } from '../../../../../electron/api/artifacts';
import { MONO_FONT } from '../../../theme/theme';
import type { RefStatus } from './planSteps';

/** What a step reference needs to know about the plan around it. */
export interface RefContext {
  /** The step with this id, if any. */
  stepOf(id: string): PlanStep | undefined;
  /** Highlights the referenced step while the pointer is on the reference (null when it leaves). */
  onHover(id: string | null): void;
  /** Selects and scrolls to the referenced step. */
  onFollow(id: string): void;
}

const STATUS_STYLE: Record<RefStatus, { background: string; color: string; border: string; borderStyle: string }> = {
  declared: { background: '#e8eff6', color: '#214566', border: '#bcd0e3', borderStyle: 'solid' },
  undeclared: { background: '#ffffff', color: '#8a4b00', border: '#d08a2a', borderStyle: 'dashed' },
  missing: { background: '#ffffff', color: '#a3221b', border: '#d9645d', borderStyle: 'dashed' },
};

const STATUS_NOTE: Record<RefStatus, string> = {
  declared: '',
  undeclared: 'Not in this step’s depends_on.',
  missing: 'No step has this id.',
};

interface Props {
  id: string;
  /** What is shown: `(2)` in a prompt or argument, `2` in depends_on. */
  text: string;
  status: RefStatus;
  context: RefContext;
  /** Where the reference is, for its accessible name ("placeholder", "input", "dependency"). */
  role: 'placeholder' | 'input' | 'dependency';
}

/**
 * A reference to another step — a `(k)` placeholder, a positional input or a `depends_on`
 * entry — drawn as a small pill: pointing at it highlights the step it names, clicking it
 * goes there. Undeclared (not in depends_on) and missing references are marked.
 */
export function StepRefLink({ id, text, status, context, role }: Props) {
  const target = context.stepOf(id);
  const style = STATUS_STYLE[status];
  const title = (
    <Box sx={{ maxWidth: 360 }}>
      {target ? (
        <>
          <Box component="span" sx={{ fontWeight: 600 }}>
            Step {target.id}
            {target.tool ? ` · ${target.tool}` : ''}
          </Box>
          {': '}
          {target.prompt}
        </>
      ) : (
        <>No step {id} in this plan.</>
      )}
      {STATUS_NOTE[status] && status !== 'missing' && <Box sx={{ mt: 0.5, fontWeight: 600 }}>{STATUS_NOTE[status]}</Box>}
    </Box>
  );
  return (
    <Tooltip title={title} disableInteractive describeChild>
      <Box
        component="button"
        type="button"
        aria-label={`${role === 'dependency' ? 'Depends on' : role === 'input' ? 'Input from' : 'Placeholder for'} step ${id}`}
        data-testid={`step-ref-${role}`}
        data-ref={id}
        data-status={status}
        onMouseEnter={() => context.onHover(id)}
        onMouseLeave={() => context.onHover(null)}
        onFocus={() => context.onHover(id)}
        onBlur={() => context.onHover(null)}
        onClick={(event) => {
          event.stopPropagation();
          if (target) context.onFollow(id);
        }}
        sx={{
          display: 'inline',
          font: 'inherit',
          fontFamily: MONO_FONT,
          fontSize: '0.86em',
          fontWeight: 600,
          lineHeight: 1.2,
          px: 0.5,
          py: '1px',
          mx: '1px',
          borderRadius: 0.75,
          border: 1,
          borderStyle: style.borderStyle,
          borderColor: style.border,
          bgcolor: style.background,
          color: style.color,
          cursor: target ? 'pointer' : 'help',
          '&:hover, &:focus-visible': { borderColor: style.color, outline: 'none' },
        }}
      >
        {text}
      </Box>
    </Tooltip>
  );
}
