import {
  Alert,
  Box,
  Button,
  Chip,
  FormControlLabel,
  LinearProgress,
  Link,
  Paper,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import { useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import type { AdjudicationEntry, TaskDetail } from '../../../../electron/api/contract';
import { useApi, useDataVersion } from '../../api/apiContext';
import { messageOf } from '../../api/useApiQuery';
import { formatCount, plural } from '../../shared/format';
import { KindChip } from '../../shared/KindChip';
import { MONO_FONT } from '../../theme/theme';
import { RequireAdjudicator } from '../identity/RequireIdentity';
import { idParam, useTask } from '../tasks/useTasks';
import { AgreementBar } from './AgreementBar';
import { parseQueueParams, queueSearch, type QueueParams } from './queueParams';
import { useAdjudicationQueue } from './useAdjudicationQueue';

/** `#/adjudication/:taskId`: the disagreements of a task, lowest agreement first; unanimous answers accepted in bulk. */
export default function AdjudicationQueuePage() {
  return (
    <RequireAdjudicator>
      <QueueScreen />
    </RequireAdjudicator>
  );
}

function QueueScreen() {
  const taskId = idParam(useParams().taskId);
  const [search, setSearch] = useSearchParams();
  const params = parseQueueParams(search);
  const task = useTask(taskId);
  const queue = useAdjudicationQueue(taskId, params);
  const setParams = (next: QueueParams) => setSearch(new URLSearchParams(queueSearch(next)), { replace: true });
  return (
    <Box sx={{ p: 3, pt: 1.5, maxWidth: 1400 }}>
      <Button component={RouterLink} to="/adjudication" size="small" startIcon={<ArrowBackOutlined />} sx={{ color: 'text.secondary', mb: 1 }}>
        Adjudication
      </Button>
      {task.error && <Alert severity="error">{task.error}</Alert>}
      {task.data && (
        <>
          <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 2, mb: 2, flexWrap: 'wrap' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="h1">{task.data.name}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="queue-summary">
                {queue.data ? `${plural(queue.data.open, 'item')} to settle · ${formatCount(task.data.goldCount)} gold labels so far` : ' '}
              </Typography>
            </Box>
            <AcceptUnanimous task={task.data} />
          </Box>
          <Filters task={task.data} params={params} onChange={setParams} />
        </>
      )}
      {queue.loading && !queue.data && <LinearProgress aria-label="Loading the queue" />}
      {queue.error && <Alert severity="error">{queue.error}</Alert>}
      {queue.data && taskId !== null && <QueueTable entries={queue.data.entries} taskId={taskId} params={params} />}
    </Box>
  );
}

function Filters({ task, params, onChange }: { task: TaskDetail; params: QueueParams; onChange(p: QueueParams): void }) {
  const policy = params.policy ?? task.adjudication.policy;
  const threshold = params.threshold ?? task.adjudication.threshold ?? 0.8;
  const [percent, setPercent] = useState(String(Math.round(threshold * 100)));
  const applyPercent = (text: string) => {
    setPercent(text);
    const n = Number(text);
    if (text.trim() !== '' && Number.isFinite(n) && n >= 0 && n <= 100) onChange({ ...params, policy: 'threshold', threshold: n / 100 });
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={policy}
        onChange={(_e, value: 'any' | 'threshold' | null) => value && onChange({ ...params, policy: value, ...(value === 'threshold' ? { threshold } : { threshold: undefined }) })}
        aria-label="Which items"
      >
        <ToggleButton value="any">Any disagreement</ToggleButton>
        <ToggleButton value="threshold">Agreement below</ToggleButton>
      </ToggleButtonGroup>
      <TextField
        size="small"
        value={percent}
        onChange={(e) => applyPercent(e.target.value)}
        disabled={policy !== 'threshold'}
        sx={{ width: 90 }}
        slotProps={{ htmlInput: { 'aria-label': 'Agreement threshold (%)' }, input: { endAdornment: <Typography variant="body2">%</Typography> } }}
      />
      <FormControlLabel control={<Switch size="small" checked={params.includeResolved} onChange={(e) => onChange({ ...params, includeResolved: e.target.checked })} />} label={<Typography variant="body2">Show settled items</Typography>} />
    </Box>
  );
}

function AcceptUnanimous({ task }: { task: TaskDetail }) {
  const api = useApi();
  const { bump } = useDataVersion();
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      const { accepted, alreadyGold } = await api['adjudication.acceptUnanimous']({ task: task.id });
      setResult(`Accepted ${plural(accepted, 'unanimous answer')} as gold${alreadyGold ? ` (${formatCount(alreadyGold)} already were)` : ''}.`);
      bump();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ textAlign: 'right' }}>
      <Button variant="outlined" startIcon={<DoneAllOutlined />} onClick={() => void accept()} disabled={busy}>
        Accept unanimous answers
      </Button>
      {result && (
        <Typography variant="body2" color="success.main" sx={{ mt: 0.5 }} data-testid="unanimous-result">
          {result}
        </Typography>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}

function QueueTable({ entries, taskId, params }: { entries: AdjudicationEntry[]; taskId: number; params: QueueParams }) {
  if (entries.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="queue-empty">
        <Typography variant="h3" gutterBottom>
          Nothing to settle
        </Typography>
        <Typography variant="body2" color="text.secondary">
          No submitted item has a disagreement under this filter. Items join the queue once at least two raters have submitted them.
        </Typography>
      </Paper>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Adjudication queue">
        <TableHead>
          <TableRow>
            <TableCell>Item</TableCell>
            <TableCell>Agreement</TableCell>
            <TableCell>Raters</TableCell>
            <TableCell>Disagreements</TableCell>
            <TableCell>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.itemId} hover data-testid="adjudication-entry" sx={{ verticalAlign: 'top' }}>
              <TableCell>
                <Link component={RouterLink} to={`/adjudication/${taskId}/items/${entry.itemId}${queueSearch(params)}`} underline="hover" sx={{ fontFamily: MONO_FONT, fontSize: 13, fontWeight: 600 }}>
                  {entry.externalId}
                </Link>
                <Box sx={{ mt: 0.5 }}>
                  <KindChip kind={entry.kind} />
                </Box>
              </TableCell>
              <TableCell>
                <AgreementBar value={entry.agreement} />
              </TableCell>
              <TableCell>
                <Typography variant="body2">{entry.raters.join(', ')}</Typography>
              </TableCell>
              <TableCell>
                {entry.disagreements.slice(0, 4).map((d) => (
                  <Typography key={`${d.unit}/${d.question}`} variant="body2" sx={{ fontSize: 13, color: d.resolved ? 'text.disabled' : 'text.primary' }}>
                    <Box component="span" sx={{ fontFamily: MONO_FONT, fontSize: 12 }}>
                      {d.question}
                    </Box>
                    {d.unit && <Box component="span" sx={{ color: 'text.secondary' }}> · {d.unit.replace(':', ' ')}</Box>}
                    <Box component="span" sx={{ color: 'text.secondary' }}>
                      {' '}
                      — {d.answers.join(' | ')}
                    </Box>
                  </Typography>
                ))}
                {entry.disagreements.length > 4 && (
                  <Typography variant="caption" color="text.secondary">
                    and {entry.disagreements.length - 4} more
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                {entry.resolved ? <Chip size="small" label="Settled" sx={{ bgcolor: 'success.light', color: 'success.main' }} /> : <Chip size="small" variant="outlined" color="warning" label={`${entry.disagreements.filter((d) => !d.resolved).length} open`} />}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
