import { Box, Typography } from '@mui/material';
import type { ParameterComparison, ToolCall } from '../../../../../electron/api/artifacts';
import { MONO_FONT } from '../../../theme/theme';
import { ExpectedDifferences } from './ExpectedDifferences';
import { JsonTree } from './JsonTree';
import { PairLink } from './PairLink';

interface Props {
  call: ToolCall;
  /** The call as the source wrote it, when it was text (`api` role: `name(arg=value)`). */
  written: string | null;
  /** Whether the output follows right below (then the link to it is not needed). */
  outputBelow: boolean;
  /** Parameters that disagree with the expected call this call is aligned with. */
  mismatches: ParameterComparison[];
  onJump(turn: number): void;
}

/** A tool call: its name, its arguments pretty-printed, and where its output is (or that there is none). */
export function ToolCallBody({ call, written, outputBelow, mismatches, onJump }: Props) {
  const hasArguments = call.arguments !== null && !(typeof call.arguments === 'object' && Object.keys(call.arguments).length === 0);
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="span" data-testid="tool-name" sx={{ fontFamily: MONO_FONT, fontWeight: 700, fontSize: 14, color: '#3f2d66' }}>
          {call.name}
        </Typography>
        {call.id !== null && (
          <Typography component="span" sx={{ fontFamily: MONO_FONT, fontSize: 11.5, color: 'text.disabled' }}>
            {call.id}
          </Typography>
        )}
      </Box>
      {written !== null && (
        <Typography sx={{ fontFamily: MONO_FONT, fontSize: 12, color: 'text.secondary', mt: 0.25, overflowWrap: 'anywhere' }}>{written}</Typography>
      )}
      {call.argumentsError !== null ? (
        <Box sx={{ mt: 0.75 }}>
          <Typography variant="body2" color="error.main" sx={{ fontWeight: 600 }}>
            Arguments could not be read: {call.argumentsError}
          </Typography>
          {call.rawArguments !== null && (
            <Typography sx={{ fontFamily: MONO_FONT, fontSize: 12.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>{call.rawArguments}</Typography>
          )}
        </Box>
      ) : hasArguments ? (
        <Box sx={{ mt: 0.75, pl: 1.25, py: 0.5, bgcolor: '#ffffff', border: 1, borderColor: '#ebe7f3', borderRadius: 1 }}>
          <JsonTree value={call.arguments} openDepth={8} label={`Arguments of ${call.name}`} />
        </Box>
      ) : (
        <Typography variant="body2" color="text.disabled" sx={{ mt: 0.5, fontStyle: 'italic' }}>
          No arguments
        </Typography>
      )}
      <ExpectedDifferences parameters={mismatches} />
      {!(outputBelow && call.outputTurn !== null) && (
        <PairLink partner={call.outputTurn} text="Output at" unpaired="No output — nothing answers this call" onJump={onJump} />
      )}
    </Box>
  );
}
