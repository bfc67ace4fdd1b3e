import { Alert, Box, Button, LinearProgress, MenuItem, Paper, TextField, Typography } from '@mui/material';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { CurationReport, TaskDetail } from '../../../../electron/api/contract';
import { useApiQuery } from '../../api/useApiQuery';
import { plural } from '../../common/format';
import { VisibleName } from '../../common/VisibleName';
import { LeadGate } from '../identity/LeadGate';
import { idParam, useTask } from '../tasks/useTasks';
import { CurationCounts } from './CurationCounts';
import { CurationExportButton } from './CurationExportButton';
import { CurationItemsTable } from './CurationItemsTable';
import { answersOf, curationQuestions, defaultValidAnswer, type CurationQuestion } from './curationQuestions';

/**
 * `#/tasks/:taskId/curation`: the ALMITA protocol over a task — keep only the items every
 * annotator who judged them valid, one rejection removing an item and a removed flowgraph taking
 * its conversations along; the counts before and after, every removed item with who rejected it,
 * and the items nobody judged, which are neither kept nor silently dropped.
 */
export default function CurationPage() {
  const taskId = idParam(useParams().taskId);
  const { data: task, error, loading } = useTask(taskId);
  return (
    <Box sx={{ p: 3, pt: 1.5, maxWidth: 1200 }}>
      <Button component={RouterLink} to={taskId ? `/tasks/${taskId}` : '/tasks'} size="small" startIcon={<ArrowBackOutlined />} sx={{ color: 'text.secondary', mb: 1 }}>
        {task ? <VisibleName name={task.name} /> : 'Tasks'}
      </Button>
      {taskId === null && <Alert severity="error">This link does not name a task.</Alert>}
      {error && <Alert severity="error">{error}</Alert>}
      {loading && !task && <LinearProgress aria-label="Loading task" />}
      {task && (
        <LeadGate action="Curating a task">
          <CurationView task={task} />
        </LeadGate>
      )}
    </Box>
  );
}

function CurationView({ task }: { task: TaskDetail }) {
  const questions = curationQuestions(task.schema);
  const [questionId, setQuestionId] = useState(questions[0]?.id ?? '');
  const question = questions.find((q) => q.id === questionId);
  const [validByQuestion, setValidByQuestion] = useState<Record<string, string>>({});
  const valid = question ? (validByQuestion[question.id] ?? defaultValidAnswer(question) ?? '') : '';
  const [actionError, setActionError] = useState<string | null>(null);
  const report = useApiQuery(`curation.get ${task.id} ${questionId} ${valid}`, (api) => api['curation.get']({ task: task.id, question: questionId, valid }), question !== undefined && valid !== '');

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 280 }}>
          <Typography variant="h1">Curation</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, maxWidth: 720 }}>
            As in ALMITA: an item is kept when every annotator who judged it said it is valid. One rejection removes it, and a conversation goes with its removed flowgraph.
          </Typography>
        </Box>
        {question && valid && report.data && <CurationExportButton taskId={task.id} question={question.id} valid={valid} counts={report.data.counts} onError={setActionError} />}
      </Box>
      {questions.length === 0 ? (
        <Alert severity="info">This task has no question about the whole item with one answer (yes/no, nominal or ordinal), so there is no validity verdict to curate by.</Alert>
      ) : (
        <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField select size="small" label="Validity question" value={questionId} onChange={(e) => setQuestionId(e.target.value)} sx={{ minWidth: 240 }} slotProps={{ htmlInput: { 'data-testid': 'curation-question' } }}>
            {questions.map((q) => (
              <MenuItem key={q.id} value={q.id}>
                {q.title} ({q.id})
              </MenuItem>
            ))}
          </TextField>
          {question && <ValidAnswerPicker question={question} value={valid} onChange={(v) => setValidByQuestion((m) => ({ ...m, [question.id]: v }))} />}
          {question && <Typography variant="body2" color="text.secondary">Submitted answers count; any other answer rejects; N/A judges nothing.</Typography>}
        </Paper>
      )}
      {actionError && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setActionError(null)}>
          {actionError}
        </Alert>
      )}
      {question && !valid && (
        <Alert severity="info" data-testid="curation-pick-valid">
          Pick the answer of “{question.title}” that means valid: only a yes/no question has one by default.
        </Alert>
      )}
      {valid && report.error && <Alert severity="error">{report.error}</Alert>}
      {valid && report.loading && !report.data && <LinearProgress aria-label="Curating" />}
      {valid && report.data && <CurationResult report={report.data} />}
    </>
  );
}

function ValidAnswerPicker({ question, value, onChange }: { question: CurationQuestion; value: string; onChange(value: string): void }) {
  return (
    <TextField select size="small" label="Valid answer" value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 180 }} slotProps={{ htmlInput: { 'data-testid': 'curation-valid' } }}>
      {answersOf(question).map((a) => (
        <MenuItem key={a.value} value={a.value}>
          {a.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

function CurationResult({ report }: { report: CurationReport }) {
  const removed = [
    ...report.rejected.map((r) => ({
      item: r.item,
      reason: (
        <>
          Rejected by <b>{r.rejectedBy.join(', ')}</b>
          {r.acceptedBy.length > 0 && <Box component="span" sx={{ color: 'text.secondary' }}>{` · accepted by ${r.acceptedBy.join(', ')}`}</Box>}
        </>
      ),
    })),
    ...report.removedWithFlowgraph.map((r) => ({
      item: r.item,
      reason: (
        <>
          Its flowgraph <Box component="code" sx={{ fontSize: 13 }}>{r.flowgraph}</Box> was removed
        </>
      ),
    })),
  ];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <CurationCounts counts={report.counts} />
      {report.unknownFlowgraph.length > 0 && (
        <Alert severity="warning" data-testid="curation-unknown-flowgraph">
          {plural(report.unknownFlowgraph.length, 'conversation')} name{report.unknownFlowgraph.length === 1 ? 's' : ''} a flowgraph none of the task’s flowgraphs has, so {report.unknownFlowgraph.length === 1 ? 'it is' : 'they are'} judged on {report.unknownFlowgraph.length === 1 ? 'its' : 'their'} own:{' '}
          {report.unknownFlowgraph.map((u) => `${u.item.externalId} → ${u.flowgraph}`).join(', ')}.
        </Alert>
      )}
      {removed.length > 0 && <CurationItemsTable title="Removed" note="Not in the curated release." rows={removed} testId="curation-removed" />}
      {report.unjudged.length > 0 && (
        <CurationItemsTable
          title="Judged by nobody"
          note="Neither kept nor removed, and not exported: label them, or leave them out knowingly."
          rows={report.unjudged.map((item) => ({ item, reason: <Box component="span" sx={{ color: 'text.secondary' }}>no verdict yet</Box> }))}
          testId="curation-unjudged"
        />
      )}
    </Box>
  );
}
