import { Box, Typography } from '@mui/material';
import type { ToolOutput } from '../../../../../electron/api/artifacts';
import { MONO_FONT } from '../../../theme/theme';
import { JsonTree } from './JsonTree';
import { PairLink } from './PairLink';

interface Props {
  output: ToolOutput;
  /** The call's name, when the output answers a known call. */
  callName: string | null;
  /** Whether the call is right above (then the link to it is not needed). */
  callAbove: boolean;
  onJump(turn: number): void;
}

/** What a tool returned: JSON as a collapsible tree, text as written; and which call it answers. */
export function ToolOutputBody({ output, callName, callAbove, onJump }: Props) {
  const name = output.name ?? callName;
  return (
    <Box>
      {!callAbove && name && (
        <Typography component="div" sx={{ fontFamily: MONO_FONT, fontWeight: 600, fontSize: 13, color: '#3f2d66', mb: 0.5 }}>
          {name}
        </Typography>
      )}
      {output.contentIsJson ? (
        <JsonTree value={output.content} openDepth={2} label={`Output${name ? ` of ${name}` : ''}`} />
      ) : (
        <Typography data-testid="tool-output-text" sx={{ fontFamily: MONO_FONT, fontSize: 12.5, lineHeight: 1.6, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {String(output.content)}
        </Typography>
      )}
      {!(callAbove && output.callTurn !== null) && (
        <PairLink partner={output.callTurn} text="Answers the call at" unpaired="Answers no call — no tool call before it matches" onJump={onJump} />
      )}
    </Box>
  );
}
