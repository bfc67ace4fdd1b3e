import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Paper, Switch, Typography } from '@mui/material';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import { useState } from 'react';
import type { TaskDetail } from '../../../../electron/api/contract';
import { useApi, useDataVersion } from '../../api/apiContext';
import { messageOf } from '../../api/useApiQuery';
import { formatDateTime } from '../../common/format';

/**
 * What the task's annotators may see (issue 13): others' answers (hidden before and after
 * submitting in a blind task, until the lead opens it for discussion) and automatic scores
 * (hidden while labeling unless the lead shows them). Leads change both here.
 */
export function BlindnessPanel({ task, lead }: { task: TaskDetail; lead: boolean }) {
  const api = useApi();
  const { bump } = useDataVersion();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const call = async (work: () => Promise<unknown>) => {
    try {
      setError(null);
      await work();
      bump();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  const setDiscussion = (open: boolean) => call(() => api['tasks.setDiscussion']({ task: task.id, open })).then(() => setAsking(false));
  const others = !task.blind
    ? 'Shown: this task is not blind.'
    : task.discussion
      ? `Open for discussion since ${formatDateTime(task.discussion.openedAt)}${task.discussion.openedBy ? ` (${task.discussion.openedBy})` : ''}: each annotator sees the others’ answers on the items they submitted; changes are kept as revisions beside the originals.`
      : 'Hidden, before and after submitting, until a lead opens the task for discussion.';
  return (
    <Paper variant="outlined" component="section" aria-labelledby="visibility-title" sx={{ p: 2.5 }} data-testid="visibility-panel">
      <Typography variant="h3" id="visibility-title" sx={{ mb: 1 }}>
        What annotators see
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Others’ answers
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }} data-testid="discussion-state">
        {others}
      </Typography>
      {lead && task.blind && (
        <Button size="small" variant="outlined" startIcon={<ForumOutlined />} onClick={() => (task.discussion ? void setDiscussion(false) : setAsking(true))} sx={{ mb: 1.5 }}>
          {task.discussion ? 'Close discussion' : 'Open for discussion'}
        </Button>
      )}
      <Typography variant="body2" color="text.secondary">
        Automatic scores
      </Typography>
      {lead ? (
        <FormControlLabel
          sx={{ ml: 0, alignItems: 'flex-start', '& .MuiFormControlLabel-label': { fontSize: 14, pt: 0.75 } }}
          control={<Switch size="small" checked={task.hideScores} onChange={(e) => void call(() => api['tasks.setScoresHidden']({ task: task.id, hidden: e.target.checked }))} />}
          label="Hidden while labeling (reference F1 and tiers, validator verdicts, rewards from the source)"
        />
      ) : (
        <Typography variant="body2" data-testid="scores-state">
          {task.hideScores ? 'Hidden while labeling (reference F1 and tiers, validator verdicts, rewards from the source)' : 'Shown while labeling'}
        </Typography>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="discussion-title" maxWidth="sm">
        <DialogTitle id="discussion-title">Open “{task.name}” for discussion?</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            Each annotator will see the other raters’ answers, rationales and judge answers on the items they have submitted (items they have not submitted stay blind).
          </Typography>
          <Typography variant="body2">
            Any change they make afterwards is recorded as a revision after discussion, with the original kept beside it. Agreement stays computed on the originals, the revised
            figure beside it. You can close the discussion again.
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>Cancel</Button>
          <Button variant="contained" onClick={() => void setDiscussion(true)}>
            Open for discussion
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
