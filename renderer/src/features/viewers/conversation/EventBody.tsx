import { Box, Typography } from '@mui/material';
import { JsonTree } from './JsonTree';

/** An event Accord does not interpret: its text if any, and its data folded to one line. */
export function EventBody({ data, text }: { data: unknown; text: string | null }) {
  return (
    <Box>
      {text && <Typography sx={{ fontSize: 14, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</Typography>}
      {data !== undefined && data !== null && <JsonTree value={data} openDepth={0} label="Event data" />}
    </Box>
  );
}
