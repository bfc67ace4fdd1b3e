import { Alert, Button } from '@mui/material';
import { EARLIER_VERSION_NOTICE } from '../../../../electron/common/earlierVersion';

/**
 * Beside an answer made on an earlier version of the item (a re-import changed it since): check
 * it against the item as it is now, then save it again (or change it); either clears the notice.
 */
export function EarlierVersionNotice({ onSave }: { onSave(): void }) {
  return (
    <Alert
      severity="warning"
      variant="outlined"
      data-testid="earlier-version"
      sx={{ mb: 0.75, py: 0, px: 1, fontSize: 12.5, '& .MuiAlert-icon': { py: 0.75 }, '& .MuiAlert-message': { py: 0.75 } }}
      action={
        <Button size="small" color="inherit" onClick={onSave} sx={{ whiteSpace: 'nowrap' }}>
          Save again
        </Button>
      }
    >
      {EARLIER_VERSION_NOTICE}
    </Alert>
  );
}
