import { Box, Typography } from '@mui/material';
import type { SopLine } from '../../../../../electron/api/artifacts';

interface Props {
  outline: readonly SopLine[];
  /** The outline line the selected step's state names, highlighted. */
  currentLine: number | null;
  /** Lines some step's state names: marked as visited. */
  visited: ReadonlySet<number>;
}

/**
 * The SOP as an outline: each line indented by its depth with a guide rail per level, its step
 * number set apart, the line of the selected step's state highlighted and the lines the agent
 * visited marked with a dot.
 */
export function SopOutline({ outline, currentLine, visited }: Props) {
  return (
    <Box component="ol" aria-label="SOP outline" data-testid="sop-outline" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {outline.map((line, index) => {
        const current = index === currentLine;
        return (
          <Box
            component="li"
            key={line.line}
            data-testid={`sop-line-${line.line}`}
            aria-current={current ? 'step' : undefined}
            sx={{
              display: 'flex',
              alignItems: 'baseline',
              gap: 1,
              py: 0.5,
              pr: 1,
              pl: `${8 + line.depth * 20}px`,
              borderRadius: 1,
              position: 'relative',
              bgcolor: current ? 'rgba(47, 93, 138, 0.10)' : 'transparent',
              outline: current ? '1px solid rgba(47, 93, 138, 0.45)' : 'none',
              // One guide rail per nesting level, so the tree reads at a glance.
              backgroundImage: line.depth > 0 ? `repeating-linear-gradient(to right, transparent 0 13px, #d5dae1 13px 14px, transparent 14px 20px)` : 'none',
              backgroundSize: `${line.depth * 20}px 100%`,
              backgroundRepeat: 'no-repeat',
              backgroundPosition: '8px 0',
            }}
          >
            <Box aria-hidden sx={{ width: 6, height: 6, borderRadius: '50%', flex: '0 0 auto', alignSelf: 'center', bgcolor: visited.has(index) ? '#2f5d8a' : 'transparent' }} />
            {line.label !== null && (
              <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600, color: 'text.secondary', flex: '0 0 auto' }}>
                {line.label}
              </Typography>
            )}
            <Typography component="span" variant="body2" sx={{ fontWeight: line.depth === 0 && line.label === null ? 600 : 400, overflowWrap: 'anywhere' }}>
              {line.label !== null ? line.text.replace(/^(?:[-*•]\s+)?(?:step\s+)?[\w.]+[.):]?\s+/i, '') : line.text}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
