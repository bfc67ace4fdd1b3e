import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { WhoAreYouForm } from './WhoAreYouForm';

/** Switch person or role, from the top bar. */
export function WhoAreYouDialog({ onClose }: { onClose(): void }) {
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="who-are-you-title">
      <DialogTitle id="who-are-you-title">Who are you?</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <WhoAreYouForm onDone={onClose} submitLabel="Switch" />
      </DialogContent>
    </Dialog>
  );
}
