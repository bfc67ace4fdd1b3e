import { Box } from '@mui/material';
import { MONO_FONT } from '../../../theme/theme';

/** Text whose `backticked` parts show as code (descriptions written that way by the engine). Never parsed as HTML. */
export function InlineCodeText({ text }: { text: string }) {
  return (
    <>
      {text.split(/(`[^`]+`)/).map((part, i) =>
        part.startsWith('`') && part.endsWith('`') && part.length > 2 ? (
          <Box key={i} component="code" sx={{ fontFamily: MONO_FONT, fontSize: '0.92em', bgcolor: '#eef1f4', borderRadius: '3px', px: 0.4 }}>
            {part.slice(1, -1)}
          </Box>
        ) : (
          part
        ),
      )}
    </>
  );
}
