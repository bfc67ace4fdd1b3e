import { Alert, Box, Button, Chip, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import type { TaskDetail } from '../../../../electron/api/contract';
import { useApi, useDataVersion } from '../../api/apiContext';
import { messageOf } from '../../api/useApiQuery';
import { formatCount, formatDuration } from '../../common/format';
import { ROLE_TEXT } from '../identity/identityStore';
import { useAnnotators } from '../identity/useAnnotators';
import { lookalikesOf } from './LookalikeNames';
import { annotatorChoices } from './annotatorChoices';
import { AnnotatorPicker } from './AnnotatorPicker';
import { useTasks } from './useTasks';
import { ProgressBar } from './ProgressBar';
import { VisibleName } from '../../common/VisibleName';

/** Each annotator's queue: submitted, started, skipped, to do, labels and time spent; leads add annotators here. */
export function AnnotatorProgressTable({ task, me, canAssign }: { task: TaskDetail; me: string; canAssign: boolean }) {
  // Deactivated people keep their progress here, marked (they can no longer label).
  const inactive = new Set((useAnnotators().data ?? []).filter((a) => !a.active).map((a) => a.name));
  return (
    <Paper variant="outlined" component="section" aria-labelledby="progress-title">
      <Box sx={{ px: 2.5, pt: 2, pb: 1 }}>
        <Typography variant="h3" id="progress-title">
          Progress
        </Typography>
      </Box>
      {task.progress.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2.5, pb: 2 }}>
          Nobody is assigned yet.
        </Typography>
      ) : (
        // Compact cells so every column fits the card beside the schema at 1280 px, each header on
        // one line ("To do" broke in two there); a narrower window scrolls the table sideways
        // instead of cutting its last columns off.
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Progress per annotator" sx={{ '& th, & td': { px: 1 }, '& th': { whiteSpace: 'nowrap' }, '& :is(th, td):first-of-type': { pl: 2.5 }, '& :is(th, td):last-of-type': { pr: 2.5 } }}>
            <TableHead>
              <TableRow>
                <TableCell>Annotator</TableCell>
                <TableCell>Submitted</TableCell>
                <TableCell align="right">Started</TableCell>
                <TableCell align="right">Skipped</TableCell>
                <TableCell align="right">To do</TableCell>
                <TableCell align="right">Labels</TableCell>
                <TableCell align="right">Time spent</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {task.progress.map((p) => (
                <TableRow key={p.name} data-testid="progress-row">
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        <VisibleName name={p.name} />
                      </Typography>
                      {p.name === me && <Chip size="small" label="you" sx={{ height: 18, fontSize: 11 }} />}
                      {inactive.has(p.name) && <Chip size="small" variant="outlined" color="warning" label="inactive" sx={{ height: 18, fontSize: 11 }} />}
                      {p.role !== 'annotator' && (
                        <Typography variant="caption" color="text.secondary">
                          {ROLE_TEXT[p.role].label}
                        </Typography>
                      )}
                    </Box>
                  </TableCell>
                  <TableCell>
                    <ProgressBar progress={p} width={64} />
                  </TableCell>
                  <Num value={p.started} />
                  <Num value={p.skipped} />
                  <Num value={p.remaining} />
                  <Num value={p.labels} />
                  <TableCell align="right" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                    {p.secondsSpent > 0 ? formatDuration(p.secondsSpent) : '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {canAssign && <AssignAnnotators task={task} />}
    </Paper>
  );
}

function Num({ value }: { value: number }) {
  return (
    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', color: value === 0 ? 'text.disabled' : undefined }}>
      {formatCount(value)}
    </TableCell>
  );
}

function AssignAnnotators({ task }: { task: TaskDetail }) {
  const api = useApi();
  const { bump } = useDataVersion();
  const annotators = useAnnotators();
  const [names, setNames] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A typed name that is an existing person's but for case or spacing ("Ana" beside "ana"): asked about first.
  const [lookalikes, setLookalikes] = useState<{ name: string; existing: string }[]>([]);
  const everyone = annotators.data ?? [];
  const choices = annotatorChoices(everyone, useTasks().data ?? [], task.annotators);
  const assign = async (list: string[], force: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await api['tasks.assign']({ task: task.id, annotators: [...new Set(list)], force });
      setNames([]);
      setLookalikes([]);
      bump();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  const add = () => {
    const found = lookalikesOf(names, everyone.map((a) => a.name));
    if (found.length > 0) setLookalikes(found);
    else void assign(names, false);
  };
  return (
    <Box sx={{ px: 2.5, py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      {/* At the field's top: the switch for imported raters may go under the field. */}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <AnnotatorPicker
          choices={choices}
          value={names}
          onChange={(value) => {
            setLookalikes([]);
            setNames(value);
          }}
          label="Add annotators"
          placeholder="name, Enter"
          sx={{ flex: 1, maxWidth: 420 }}
        />
        <Button variant="outlined" disabled={names.length === 0 || busy} onClick={add} sx={{ mt: 0.25 }}>
          Add
        </Button>
        {error && (
          <Alert severity="error" sx={{ py: 0 }}>
            {error}
          </Alert>
        )}
      </Box>
      {lookalikes.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="lookalike-names">
          {lookalikes.map((l) => `“${l.name}” differs from the existing annotator “${l.existing}” only by case or spacing.`).join(' ')} Is it the same person?
          <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
            <Button size="small" color="inherit" variant="outlined" disabled={busy} onClick={() => void assign(names.map((n) => lookalikes.find((l) => l.name === n)?.existing ?? n), false)}>
              Use {lookalikes.map((l) => `“${l.existing}”`).join(', ')}
            </Button>
            <Button size="small" color="inherit" disabled={busy} onClick={() => void assign(names, true)}>
              Add as someone else
            </Button>
          </Box>
        </Alert>
      )}
    </Box>
  );
}
