import { List, ListItem, ListItemText, Typography } from '@mui/material';
import type { DeletionImpact } from '../../../../electron/api/contract';
import { plural } from '../../shared/format';

/** What a deletion takes with it, line by line: the human work first. */
export function impactLines(impact: DeletionImpact): string[] {
  const humans = impact.labels.filter((l) => l.kind === 'human');
  const judges = impact.labels.filter((l) => l.kind === 'judge');
  const gold = impact.gold.reduce((sum, g) => sum + g.count, 0);
  const lines = [`${plural(impact.items, 'item')} and ${plural(impact.findings, 'finding')}`];
  if (humans.length > 0) {
    lines.push(`${plural(humans.reduce((s, l) => s + l.labels, 0), 'label')} by ${humans.map((l) => `${l.rater} (${l.labels})`).join(', ')}, with ${plural(impact.labelEvents, 'recorded change')}`);
  }
  if (impact.submissions > 0) lines.push(plural(impact.submissions, 'submitted item'));
  if (gold > 0) lines.push(`${plural(gold, 'gold label')} (${impact.gold.map((g) => `${g.count} ${g.source}`).join(', ')})`);
  if (judges.length > 0) lines.push(`${plural(judges.reduce((s, l) => s + l.labels, 0), 'judge label')} from ${plural(judges.length, 'run')}`);
  if (impact.judgeCalls > 0) lines.push(plural(impact.judgeCalls, 'judge call'));
  if (impact.tasks.length > 0) lines.push(`items of ${impact.tasks.map((t) => `task “${t.task}” (${t.items})`).join(', ')}`);
  return lines;
}

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
