import { Alert, Box, Button, LinearProgress, Paper, Typography } from '@mui/material';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { TaskDetail } from '../../../../electron/api/contract';
import { useApi, useDataVersion } from '../../api/apiContext';
import { messageOf } from '../../api/useApiQuery';
import { saveTextFile } from '../../common/download';
import { formatDateTime } from '../../common/format';
import { taskFigures } from './taskFigures';
import { useIdentity } from '../identity/identityContext';
import { canAdjudicate, canManageTasks } from '../identity/identityStore';
import { CurationCard } from '../curation/CurationCard';
import { curationQuestions } from '../curation/curationQuestions';
import { asksStepReview } from '../sopReview/sopReviewSchema';
import { LabelFilesPanel } from '../labelFiles/LabelFilesPanel';
import { AnnotatorProgressTable } from './AnnotatorProgressTable';
import { BlindnessPanel } from './BlindnessPanel';
import { SchemaSummary } from './SchemaSummary';
import { GoldExportButton } from './GoldExportButton';
import { TaskLifecycleButtons } from './TaskLifecycleButtons';
import { idParam, useTask } from './useTasks';
import { VisibleName } from '../../common/VisibleName';

/** `#/tasks/:taskId`: a task's progress, schema and settings; start labeling, adjudicate, move labels in and out. */
export default function TaskPage() {
  const taskId = idParam(useParams().taskId);
  const { identity } = useIdentity();
  const { data: task, error, loading } = useTask(taskId);
  if (!identity) return null;
  return (
    <Box sx={{ p: 3, pt: 1.5, maxWidth: 1400 }}>
      <Button component={RouterLink} to="/tasks" size="small" startIcon={<ArrowBackOutlined />} sx={{ color: 'text.secondary', mb: 1 }}>
        Tasks
      </Button>
      {taskId === null && <Alert severity="error">This link does not name a task.</Alert>}
      {error && <Alert severity="error">{error}</Alert>}
      {loading && !task && <LinearProgress aria-label="Loading task" />}
      {task && <TaskView task={task} me={identity.name} role={identity.role} />}
    </Box>
  );
}

function TaskView({ task, me, role }: { task: TaskDetail; me: string; role: 'annotator' | 'adjudicator' | 'lead' }) {
  const mine = task.progress.find((p) => p.name === me);
  const archived = task.state === 'archived';
  const [actionError, setActionError] = useState<string | null>(null);
  return (
    <>
      {archived && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="archived-notice">
          Archived{task.archived?.by ? ` by ${task.archived.by}` : ''}
          {task.archived ? ` on ${formatDateTime(task.archived.at)}` : ''}: read-only, and hidden from its annotators’ task lists.
          {canManageTasks(role) ? ' Unarchive it to label again.' : ''}
        </Alert>
      )}
      {actionError && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setActionError(null)}>
          {actionError}
        </Alert>
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 2.5, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h1" data-testid="task-name">
            <VisibleName name={task.name} />
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {taskFigures(task)}
          </Typography>
        </Box>
        {canAdjudicate(role) && asksStepReview(task.schema) && (
          <Button variant="outlined" startIcon={<FactCheckOutlined />} component={RouterLink} to={`/tasks/${task.id}/sop-review`}>
            Agent-S report
          </Button>
        )}
        {canAdjudicate(role) && <GoldExportButton task={task} onError={setActionError} />}
        {canAdjudicate(role) && (
          <Button variant="outlined" startIcon={<GavelOutlined />} component={RouterLink} to={`/adjudication/${task.id}`}>
            Adjudicate
          </Button>
        )}
        {archived ? null : mine ? (
          <Button variant="contained" startIcon={<PlayArrowOutlined />} component={RouterLink} to={`/tasks/${task.id}/label`}>
            {mine.submitted + mine.started > 0 ? 'Continue labeling' : 'Start labeling'}
          </Button>
        ) : (
          <JoinButton task={task} me={me} />
        )}
        {canManageTasks(role) && <TaskLifecycleButtons task={task} onError={setActionError} />}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 380px' }, gap: 2, alignItems: 'start' }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          <AnnotatorProgressTable task={task} me={me} canAssign={canManageTasks(role) && !archived} />
          <LabelFilesPanel task={task} me={me} role={role} />
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <SchemaPanel task={task} />
          {canManageTasks(role) && curationQuestions(task.schema).length > 0 && <CurationCard taskId={task.id} />}
          <BlindnessPanel task={task} lead={canManageTasks(role)} />
          <SettingsPanel task={task} />
        </Box>
      </Box>
    </>
  );
}

function JoinButton({ task, me }: { task: TaskDetail; me: string }) {
  const api = useApi();
  const { bump } = useDataVersion();
  const [error, setError] = useState<string | null>(null);
  const join = async () => {
    try {
      await api['tasks.assign']({ task: task.id, annotators: [me] });
      bump();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <Box sx={{ textAlign: 'right' }}>
      <Button variant="outlined" onClick={() => void join()}>
        Join as annotator
      </Button>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
        You are not one of its annotators yet
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
    </Box>
  );
}

function SchemaPanel({ task }: { task: TaskDetail }) {
  const api = useApi();
  const exportSchema = async () => {
    const file = await api['schemas.export']({ task: task.id });
    saveTextFile(file.fileName, file.text, 'application/json');
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="schema-title" sx={{ p: 2.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="h3" id="schema-title" sx={{ flex: 1 }}>
          Schema
        </Typography>
        <Button size="small" startIcon={<FileDownloadOutlined />} onClick={() => void exportSchema()}>
          JSON
        </Button>
      </Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {task.schema.title}
      </Typography>
      {task.schema.description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {task.schema.description}
        </Typography>
      )}
      <SchemaSummary schema={task.schema} />
    </Paper>
  );
}

function SettingsPanel({ task }: { task: TaskDetail }) {
  const filter = Object.entries(task.selection.filter).filter(([, v]) => v !== undefined && v !== '');
  const rows: [string, ReactNode][] = [
    ['Items from', task.selection.datasets.join(', ') + (filter.length ? ` (${filter.map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`).join(', ')})` : '')],
    ['Overlap', task.overlap === 'all' ? 'Everyone labels every item' : `${task.perItem} annotators per item`],
    ['Blind', task.blind ? (task.discussion ? 'Yes, open for discussion' : 'Yes: others’ labels stay hidden') : 'No'],
    ['Adjudicate', task.adjudication.policy === 'any' ? 'Every disagreement' : `Agreement below ${Math.round((task.adjudication.threshold ?? 0) * 100)} %`],
    ['Order seed', <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>{task.seed}</Box>],
    ['Created', formatDateTime(task.createdAt)],
  ];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="settings-title" sx={{ p: 2.5 }}>
      <Typography variant="h3" id="settings-title" sx={{ mb: 1 }}>
        Settings
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '96px 1fr', rowGap: 0.75, columnGap: 1.5, m: 0 }}>
        {rows.map(([name, value]) => (
          <Box key={name} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {name}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
