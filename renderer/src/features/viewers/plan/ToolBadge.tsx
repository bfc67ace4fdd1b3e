import { Box, Tooltip } from '@mui/material';
import { MONO_FONT } from '../../../theme/theme';
import { toolStyle } from './planColors';

/** The tool a step calls, as a coloured badge (T2S, RAG, LLM distinct; other tools neutral). */
export function ToolBadge({ tool, struck = false }: { tool: string | null; struck?: boolean }) {
  const style = toolStyle(tool);
  return (
    <Tooltip describeChild title={style.meaning}>
      <Box
        component="span"
        data-testid="tool-badge"
        data-tool={tool ?? ''}
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          height: 22,
          px: 0.875,
          borderRadius: 1,
          border: 1,
          borderStyle: tool === null ? 'dashed' : 'solid',
          borderColor: style.border,
          bgcolor: style.background,
          color: style.color,
          fontFamily: MONO_FONT,
          fontSize: 12,
          fontWeight: 700,
          letterSpacing: '0.02em',
          whiteSpace: 'nowrap',
          textDecoration: struck ? 'line-through' : 'none',
          opacity: struck ? 0.7 : 1,
        }}
      >
        {tool ?? 'text'}
      </Box>
    </Tooltip>
  );
}
