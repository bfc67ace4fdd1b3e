import { List, ListItem, ListItemText, Typography } from '@mui/material';

/**
 * What a deletion takes with it, one line per kind, in the CLI's words (impactLines or
 * runImpactLines of electron/common/deletionImpact.ts).
 */
export function ImpactList({ lines, name }: { lines: readonly string[]; name: string }) {
  return (
    <List dense disablePadding aria-label={`What goes with ${name}`} sx={{ listStyle: 'disc', pl: 2.5 }}>
      {lines.map((line) => (
        <ListItem key={line} disableGutters sx={{ display: 'list-item', py: 0.25 }}>
          <ListItemText primary={<Typography variant="body2">{line}</Typography>} />
        </ListItem>
      ))}
    </List>
  );
}
