import { List, ListItem, ListItemText, Typography } from '@mui/material';
import type { DeletionImpact } from '../../../../electron/api/contract';
import { impactLines } from '../../../../electron/shared/deletionImpact';

export function ImpactList({ impact }: { impact: DeletionImpact }) {
  return (
    <List dense disablePadding aria-label={`What goes with ${impact.dataset}`} sx={{ listStyle: 'disc', pl: 2.5 }}>
      {impactLines(impact).map((line) => (
        <ListItem key={line} disableGutters sx={{ display: 'list-item', py: 0.25 }}>
          <ListItemText primary={<Typography variant="body2">{line}</Typography>} />
        </ListItem>
      ))}
    </List>
  );
}
