import { Alert, Box, FormControlLabel, LinearProgress, Switch, Tab, Tabs, Typography } from '@mui/material';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import { useState } from 'react';
import type { QuestionCalibration } from '../../../../../electron/api/contract';
import { questionTitle } from './calibrationFigures';
import { QuestionCalibrationPanel } from './QuestionCalibrationPanel';
import { BOOTSTRAP_RESAMPLES, useCalibration } from './useCalibration';
import { count } from '../../../../../electron/common/numberFormat';

const VERDICT_ICON = {
  can: <CheckCircleOutlined fontSize="small" color="success" />,
  cannot: <ErrorOutlineOutlined fontSize="small" color="warning" />,
  insufficient: <HelpOutlineOutlined fontSize="small" color="disabled" />,
} as const;

const keyOf = (q: QuestionCalibration) => (q.tag ? `${q.question}:${q.tag}` : q.question);

/** A run beside the humans, one question (or tag) at a time, each tab marked with its verdict. */
export function CalibrationView({ taskId, runId, viewer }: { taskId: number; runId: number; viewer: string | undefined }) {
  const [bootstrap, setBootstrap] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const { data, error, loading, stale } = useCalibration(taskId, runId, bootstrap, viewer);
  const questions = data?.questions ?? [];
  const current = questions.find((q) => keyOf(q) === chosen) ?? questions[0] ?? null;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        {questions.length > 0 && (
          <Tabs value={current ? keyOf(current) : false} onChange={(_e, key: string) => setChosen(key)} variant="scrollable" scrollButtons="auto" aria-label="Questions" sx={{ flex: 1, minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}>
            {questions.map((q) => (
              <Tab key={keyOf(q)} value={keyOf(q)} label={questionTitle(q)} icon={VERDICT_ICON[q.verdict.verdict]} iconPosition="start" sx={{ textTransform: 'none' }} />
            ))}
          </Tabs>
        )}
        {questions.length === 0 && <Box sx={{ flex: 1 }} />}
        <FormControlLabel
          control={<Switch size="small" checked={bootstrap} onChange={(e) => setBootstrap(e.target.checked)} />}
          label={<Typography variant="body2">Bootstrap intervals ({count(BOOTSTRAP_RESAMPLES)} resamples)</Typography>}
          sx={{ mr: 0, flexShrink: 0 }}
        />
      </Box>
      {loading && <LinearProgress aria-label="Computing the calibration" sx={{ mb: 2 }} />}
      {error && <Alert severity="error">{error}</Alert>}
      {data && data.skipped.length > 0 && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          Not calibrated: {data.skipped.map((s) => `${s.question} (${s.reason})`).join('; ')}.
        </Typography>
      )}
      {data && questions.length === 0 && <Alert severity="info">This run answers no question that can be calibrated.</Alert>}
      {current && data && (
        <Box sx={{ opacity: stale ? 0.6 : 1, transition: 'opacity 120ms' }}>
          <QuestionCalibrationPanel q={current} itemIds={data.itemIds} run={{ taskId, runId }} />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
            Intervals: {data.method.intervals}. Verdict: {data.method.verdict}.
          </Typography>
        </Box>
      )}
    </Box>
  );
}
