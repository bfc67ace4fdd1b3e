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
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import type { AdjudicationEntry, TaskDetail } from '../../../../electron/api/contract';
import { useApi, useDataVersion } from '../../api/apiContext';
import { messageOf } from '../../api/useApiQuery';
import { formatCount, plural } from '../../common/format';
import { KindChip } from '../../common/KindChip';
import { MONO_FONT } from '../../theme/theme';
import { RequireAdjudicator } from '../identity/RequireIdentity';
import { isTypingTarget } from '../item/useNavigationKeys';
import { idParam, useTask } from '../tasks/useTasks';
import { KeyCap } from '../labeling/KeyCap';
import { KeysDialog } from './KeysDialog';
import { AgreementBar } from './AgreementBar';
import { parseQueueParams, queueSearch, type QueueParams } from './queueParams';
import { useAdjudicationQueue } from './useAdjudicationQueue';
import { CROWD_RATERS } from '../../../../electron/common/raterList';
import { answerCounts, answerCountsSpoken, NO_SCALE } from '../../../../electron/common/answerCounts';
import { ScreenReaderText } from '../../common/ScreenReaderText';
import { useSearchParamsNow } from '../../common/useSearchParamsNow';

/**
 * `#/adjudication/:taskId`: the disagreements of a task, most disputed first (each disputed
 * question adds how far apart its answers are — see `AdjudicationEntry.dispute` — then questions,
 * then raters off the majority), each saying who answered what; j/k or the arrows move through it
 * and Enter opens an item; unanimous answers accepted in bulk. Back from an item (Backspace), that
 * item is selected again.
 */
export default function AdjudicationQueuePage() {
  return (
    <RequireAdjudicator>
      <QueueScreen />
    </RequireAdjudicator>
  );
}

function QueueScreen() {
  const taskId = idParam(useParams().taskId);
  const [search, setSearch] = useSearchParamsNow();
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
                {queue.data ? `${plural(queue.data.open, 'item')} to settle · ${plural(task.data.goldCount, 'gold label')} so far` : ' '}
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

/** The queue's keys, shown on its controls and in its cheat sheet. */
export const QUEUE_KEYS: { keys: string[]; description: string }[] = [
  { keys: ['j', 'ArrowDown'], description: 'Next item in the queue' },
  { keys: ['k', 'ArrowUp'], description: 'Previous item in the queue' },
  { keys: ['Enter'], description: 'Open the selected item' },
  { keys: ['?'], description: 'Show or hide this cheat sheet' },
];

function QueueTable({ entries, taskId, params }: { entries: AdjudicationEntry[]; taskId: number; params: QueueParams }) {
  const navigate = useNavigate();
  // Back from an item: that item selected, so Enter opens it again and j goes on from there.
  const cameFrom = (useLocation().state as { from?: number } | null)?.from;
  const [selected, setSelected] = useState<number | null>(null);
  const [cheatSheet, setCheatSheet] = useState(false);
  const rows = useRef<(HTMLTableRowElement | null)[]>([]);
  const at = Math.min(selected ?? Math.max(0, entries.findIndex((e) => e.itemId === cameFrom)), Math.max(0, entries.length - 1));
  const hrefOf = (entry: AdjudicationEntry) => `/adjudication/${taskId}/items/${entry.itemId}${queueSearch(params)}`;
  const latest = useRef({ entries, at, hrefOf });
  latest.current = { entries, at, hrefOf };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // No shortcut while typing (the threshold field) or with a modifier; dialogs keep their keys.
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      // Enter on a focused button or link is that control's own.
      if (event.key === 'Enter' && event.target instanceof HTMLElement && event.target.closest('button, a, [role="button"], input')) return;
      const { entries: list, at: index, hrefOf: href } = latest.current;
      if (event.key === '?') setCheatSheet((v) => !v);
      else if (event.key === 'j' || event.key === 'ArrowDown') setSelected(Math.min(index + 1, list.length - 1));
      else if (event.key === 'k' || event.key === 'ArrowUp') setSelected(Math.max(index - 1, 0));
      else if (event.key === 'Enter' && list[index]) navigate(href(list[index]));
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navigate]);
  // In braces: Chromium's scrollIntoView returns a promise now, which React would take for a cleanup.
  useEffect(() => {
    rows.current[at]?.scrollIntoView({ block: 'nearest' });
  }, [at]);
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
    <>
      <Typography variant="caption" component="p" color="text.secondary" sx={{ mb: 0.5 }} data-testid="queue-order">
        <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
          Most disputed first.
        </Box>{' '}
        An item’s dispute adds up its disputed questions, each 0 to 1: the share of rater pairs whose answers differ — on an ordinal or score scale, weighted by how far apart the
        answers are (neighbouring levels little, the two ends 1). Ties: more questions, then more raters off the majority.
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mb: 1, color: 'text.secondary' }} data-testid="queue-keys">
        <KeyCap k="j" />
        <KeyCap k="k" />
        <Typography variant="caption">or</Typography>
        <KeyCap k="ArrowDown" />
        <KeyCap k="ArrowUp" />
        <Typography variant="caption">move,</Typography>
        <KeyCap k="Enter" />
        <Typography variant="caption">opens,</Typography>
        <Button size="small" color="inherit" onClick={() => setCheatSheet(true)} sx={{ minWidth: 0, px: 0.5, gap: 0.5, color: 'text.secondary' }} aria-label="Keyboard shortcuts (?)">
          <KeyCap k="?" /> keys
        </Button>
      </Box>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="Adjudication queue">
          <TableHead>
            <TableRow>
              <TableCell>Item</TableCell>
              <TableCell>Disagreement</TableCell>
              <TableCell>Why it is here: who answered what</TableCell>
              <TableCell>Agreement</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((entry, index) => (
              <TableRow
                key={entry.itemId}
                ref={(el) => {
                  rows.current[index] = el;
                }}
                hover
                selected={index === at}
                aria-selected={index === at}
                onClick={() => setSelected(index)}
                data-testid="adjudication-entry"
                sx={{ verticalAlign: 'top', cursor: 'pointer', '&.Mui-selected': { boxShadow: (t) => `inset 3px 0 0 ${t.palette.primary.main}` } }}
              >
                <TableCell>
                  <Link component={RouterLink} to={hrefOf(entry)} underline="hover" sx={{ fontFamily: MONO_FONT, fontSize: 13, fontWeight: 600 }}>
                    {entry.externalId}
                  </Link>
                  <Box sx={{ mt: 0.5 }}>
                    <KindChip kind={entry.kind} />
                  </Box>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="entry-disagreement">
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {plural(entry.disagreeingQuestions, 'question')}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {/* Two raters who differ have no majority to be off. */}
                    {entry.raters.length === 2 ? 'the 2 raters differ' : `${plural(entry.disagreeingRaters, 'rater')} off the majority`}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="div" data-testid="entry-dispute">
                    dispute {formatDispute(entry.dispute)}
                  </Typography>
                </TableCell>
                <TableCell data-testid="entry-why">
                  {entry.disagreements.slice(0, 4).map((d) => (
                    <Box key={`${d.unit}/${d.question}`} sx={{ fontSize: 13, color: d.resolved ? 'text.disabled' : 'text.primary', mb: 0.25 }}>
                      <Box component="span" sx={{ fontFamily: MONO_FONT, fontSize: 12, fontWeight: 600 }}>
                        {d.question}
                      </Box>
                      {d.unit && <Box component="span" sx={{ color: 'text.secondary' }}> · {d.unit.replace(':', ' ')}</Box>}
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        {' — '}
                        {/* A crowd's counts are shown compact ("1 ×11") and read in words ("1: 11 raters"; a screen reader says "1 times 11"). */}
                        <Box component="span" aria-hidden={d.byRater.length > CROWD_RATERS || undefined}>
                          {whoAnsweredWhat(d.byRater).map(({ key, lead, rest }, i) => (
                            <Box component="span" key={key} data-testid={d.byRater.length > CROWD_RATERS ? 'entry-answer-count' : undefined}>
                              {i > 0 && ', '}
                              <Box component="span" sx={{ color: d.resolved ? 'text.disabled' : 'text.primary', fontWeight: 500 }}>
                                {lead}
                              </Box>{' '}
                              {rest}
                            </Box>
                          ))}
                        </Box>
                        {d.byRater.length > CROWD_RATERS && <ScreenReaderText>{` ${answerCountsSpoken(crowdAnswers(d.byRater), [], (answer) => answer)}`}</ScreenReaderText>}
                      </Box>
                    </Box>
                  ))}
                  {entry.disagreements.length > 4 && (
                    <Typography variant="caption" color="text.secondary">
                      and {entry.disagreements.length - 4} more
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <AgreementBar value={entry.agreement} />
                </TableCell>
                <TableCell>
                  {entry.resolved ? <Chip size="small" label="Settled" sx={{ bgcolor: 'success.light', color: 'success.main' }} /> : <Chip size="small" variant="outlined" color="warning" label={`${entry.disagreements.filter((d) => !d.resolved).length} open`} />}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {cheatSheet && <KeysDialog title="Keyboard: the queue" keys={QUEUE_KEYS} onClose={() => setCheatSheet(false)} />}
    </>
  );
}

/** A dispute as the queue shows it: two decimals (1/6 → 0.17), whole numbers as they are (1, 2). */
function formatDispute(dispute: number): string {
  return Number.isInteger(Math.round(dispute * 100) / 100) ? String(Math.round(dispute)) : dispute.toFixed(2);
}

/**
 * A disagreement's answers as the queue lists them: each rater and their answer ("ana Good"), or
 * for a crowd each answer and how many gave it ("1 ×87"), most given first, not 100+ names a row.
 */
function whoAnsweredWhat(byRater: readonly { rater: string; answer: string }[]): { key: string; lead: string; rest: string }[] {
  if (byRater.length <= CROWD_RATERS) return byRater.map((r) => ({ key: r.rater, lead: r.rater, rest: r.answer }));
  return crowdAnswers(byRater).map(({ value, count }) => ({ key: value, lead: value, rest: `×${formatCount(count)}` }));
}

/** A crowd's answers to one disagreement, counted (the queue's answer texts have no scale: most given first). */
function crowdAnswers(byRater: readonly { answer: string }[]): { value: string; count: number }[] {
  return answerCounts(byRater.map((r) => ({ value: r.answer })), NO_SCALE);
}
