import { Alert, Box, FormControlLabel, LinearProgress, MenuItem, Radio, RadioGroup, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { Annotator, MergeConflictRule } from '../../../../electron/api/contract';
import { useApi, useDataVersion } from '../../api/apiContext';
import { useApiQuery } from '../../api/useApiQuery';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { plural } from '../../common/format';
import { useAsyncAction } from '../../common/useAsyncAction';

const RULES: { value: MergeConflictRule; label: string }[] = [
  { value: 'keep-into', label: 'Keep the answer of the record that stays' },
  { value: 'keep-from', label: 'Take the answer of the record merged away' },
  { value: 'keep-newest', label: 'Keep the newer answer' },
];

/**
 * Merges two records of one person: says exactly what moves and lists every label both gave
 * differently, asks which answer stays for those, and needs the merged record's name typed.
 */
export function MergeDialog({ from, people, onClose, onDone }: { from: Annotator; people: Annotator[]; onClose(): void; onDone(message: string): void }) {
  const api = useApi();
  const { bump } = useDataVersion();
  const action = useAsyncAction();
  const targets = people.filter((p) => p.id !== from.id && p.active);
  const [into, setInto] = useState(targets[0]?.name ?? '');
  const [rule, setRule] = useState<MergeConflictRule | null>(null);
  const [typed, setTyped] = useState('');
  const plan = useApiQuery(`annotators.mergePlan ${from.name} ${into}`, (client) => client['annotators.mergePlan']({ from: from.name, into }), into !== '');
  const conflicts = plan.data?.conflicts ?? [];
  const merge = () =>
    action.run(async () => {
      const result = await api['annotators.merge']({ from: from.name, into, conflicts: rule ?? undefined, confirm: typed });
      bump();
      onDone(`Merged “${from.name}” into “${into}”: ${plural(result.moving, 'label')} moved${result.conflicts.length > 0 ? `, ${result.tookFrom} of ${plural(result.conflicts.length, 'differing label')} took the answer of “${from.name}”` : ''}.`);
    });
  return (
    <ConfirmDialog
      open
      title={<>Merge “{from.name}” into another record</>}
      busy={action.busy}
      error={action.error ?? plan.error}
      keepLabel="Cancel"
      confirmLabel="Merge"
      confirmColor="warning"
      confirmDisabled={!plan.data || plan.stale || typed !== from.name || (conflicts.length > 0 && rule === null)}
      onKeep={onClose}
      onConfirm={() => void merge()}
    >
      <TextField select fullWidth size="small" label="The record that stays" value={into} onChange={(e) => setInto(e.target.value)} sx={{ mt: 0.5, mb: 1.5 }}>
        {targets.map((p) => (
          <MenuItem key={p.id} value={p.name}>
            {p.name}
          </MenuItem>
        ))}
      </TextField>
      {plan.loading && !plan.data && <LinearProgress aria-label="Working out what moves" />}
      {plan.data && (
        <Box data-testid="merge-plan">
          <Typography variant="body2" component="div">
            <Box component="ul" sx={{ pl: 2.5, my: 0.5 }}>
              <li>
                {plan.data.moving === 1 ? '1 label moves' : `${plural(plan.data.moving, 'label')} move`} to “{into}”; {plural(plan.data.identical, 'label')} both gave alike (one is kept)
              </li>
              <li>
                {plural(plan.data.submissions, 'submission')}; queues on {plan.data.tasks.length > 0 ? plan.data.tasks.map((t) => `“${t}”`).join(', ') : 'no task'}
              </li>
              {plan.data.gold > 0 && <li>{plural(plan.data.gold, 'gold decision')} credited to “{into}”</li>}
              <li>“{from.name}” stays as an inactive record, so the label history still names who made each change</li>
            </Box>
          </Typography>
          {conflicts.length > 0 && (
            <Alert severity="warning" sx={{ mt: 1 }} icon={false}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {conflicts.length === 1 ? '1 label differs' : `${plural(conflicts.length, 'label')} differ`} — which answer stays? (The other is kept in the label history.)
              </Typography>
              <Table size="small" sx={{ my: 0.5, '& td, & th': { px: 0.75, py: 0.25, fontSize: 12.5 } }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Item</TableCell>
                    <TableCell>Question</TableCell>
                    <TableCell>{from.name}</TableCell>
                    <TableCell>{into}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {conflicts.slice(0, 8).map((c) => (
                    <TableRow key={`${c.task}/${c.item}/${c.unit}/${c.question}`}>
                      <TableCell>
                        {c.item}
                        {c.unit ? ` · ${c.unit}` : ''}
                      </TableCell>
                      <TableCell>{c.question}</TableCell>
                      <TableCell>{c.from.answer}</TableCell>
                      <TableCell>{c.into.answer}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              {conflicts.length > 8 && <Typography variant="caption">and {conflicts.length - 8} more</Typography>}
              <RadioGroup value={rule ?? ''} onChange={(e) => setRule(e.target.value as MergeConflictRule)} aria-label="Which answer stays">
                {RULES.map((r) => (
                  <FormControlLabel key={r.value} value={r.value} control={<Radio size="small" />} label={<Typography variant="body2">{r.label}</Typography>} />
                ))}
              </RadioGroup>
            </Alert>
          )}
          <TextField fullWidth size="small" sx={{ mt: 1.5 }} label={`Type “${from.name}” to confirm`} value={typed} onChange={(e) => setTyped(e.target.value)} />
        </Box>
      )}
    </ConfirmDialog>
  );
}
