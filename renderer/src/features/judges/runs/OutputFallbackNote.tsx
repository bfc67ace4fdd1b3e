import { Alert, AlertTitle, Box } from '@mui/material';
import type { RunSummary } from '../../../../../electron/api/contract';
import { formatDateTime } from '../../../common/format';
import { MONO_FONT } from '../../../theme/theme';
import { outputFallbackNote } from './runFormat';

/** Says that a run asked for `json_object` because its endpoint rejected `json_schema`, with the endpoint's words; nothing otherwise. */
export function OutputFallbackNote({ run }: { run: Pick<RunSummary, 'settings'> }) {
  const note = outputFallbackNote(run.settings);
  const fallback = run.settings.outputFallback;
  if (!note || !fallback) return null;
  return (
    <Alert severity="info" variant="outlined" sx={{ mt: 1.5, bgcolor: 'background.paper' }} data-testid="output-fallback">
      <AlertTitle sx={{ fontSize: 14, fontWeight: 600, mb: 0.25 }}>{note.title}</AlertTitle>
      {note.text}
      <Box
        component="div"
        sx={{ mt: 0.75, fontFamily: MONO_FONT, fontSize: 12, color: 'text.secondary', overflowWrap: 'anywhere' }}
        title={`Fell back ${formatDateTime(fallback.at)}`}
        data-testid="output-fallback-reason"
      >
        {fallback.reason}
      </Box>
    </Alert>
  );
}
