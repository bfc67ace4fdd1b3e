import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { impactLines, type ImpactCounts } from '../../../electron/common/deletionImpact';

/**
 * What a deletion takes with it, one line per kind (a dataset's or a task's: the same words as
 * the CLI), or the `lines` given (a judge run's, from runImpactLines).
 */
export function ImpactList({ impact, lines, name }: { impact?: ImpactCounts; lines?: readonly string[]; name: string }) {
  return (
    <List dense disablePadding aria-label={`What goes with ${name}`} sx={{ listStyle: 'disc', pl: 2.5 }}>
      {(lines ?? impactLines(impact!)).map((line) => (
        <ListItem key={line} disableGutters sx={{ display: 'list-item', py: 0.25 }}>
          <ListItemText primary={<Typography variant="body2">{line}</Typography>} />
        </ListItem>
      ))}
    </List>
  );
}
