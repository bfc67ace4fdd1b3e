import { Alert, Box, Button, Chip, Collapse, LinearProgress, Link, MenuItem, Paper, TextField, Tooltip, Typography } from '@mui/material';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ChatRequest, ItemRow, JudgeDefinition } from '../../../../../electron/api/contract';
import { useApiQuery } from '../../../api/useApiQuery';
import { formatCount } from '../../../common/format';
import { MONO_FONT } from '../../../theme/theme';
import { loadRunForm } from '../run/runForm';
import { ItemPicker } from './ItemPicker';
import { renderedSegments } from './renderedSegments';
import { useTasksForSchema } from './useTasksForSchema';

interface Props {
  draft: JudgeDefinition;
  /** False while the draft has problems: nothing is rendered then. */
  valid: boolean;
}

/**
 * The prompt rendered on one item of a task, exactly as a run would send it, before anything
 * is sent: the messages, the sampling and response format, the request's cache key, and
 * whether the last-used endpoint would answer it from the cache.
 */
export function JudgePreviewPanel({ draft, valid }: Props) {
  const { compatible, loading: tasksLoading } = useTasksForSchema(draft.schemaId);
  const [taskId, setTaskId] = useState<number | null>(null);
  const [item, setItem] = useState<ItemRow | null>(null);
  const task = compatible.find((t) => t.id === taskId) ?? compatible[0] ?? null;
  const detail = useApiQuery(`tasks.get:${task?.id}`, (api) => api['tasks.get']({ task: task!.id }), task !== null);
  const endpoint = loadRunForm(globalThis.localStorage);
  const definition = JSON.stringify(draft);
  const preview = useApiQuery(
    `judges.preview:${task?.id}:${item?.id}:${definition}`,
    (api) => api['judges.preview']({ task: task!.id, judge: { json: draft }, itemId: item?.id, model: endpoint.model || 'preview', baseUrl: endpoint.baseUrl || undefined }),
    task !== null && valid,
  );

  if (!tasksLoading && compatible.length === 0) {
    return <Alert severity="info">No task uses the “{draft.schemaId}” schema yet. Create one under Tasks to preview this judge on its items.</Alert>;
  }
  const result = preview.data;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField select size="small" label="Task" value={task?.id ?? ''} onChange={(e) => { setTaskId(Number(e.target.value)); setItem(null); }} sx={{ minWidth: 220 }}>
          {compatible.map((t) => (
            <MenuItem key={t.id} value={t.id}>
              {t.name}
            </MenuItem>
          ))}
        </TextField>
        <ItemPicker datasets={detail.data?.selection.datasets ?? []} kind={draft.kinds.length === 1 ? draft.kinds[0] : undefined} value={item} onChange={setItem} />
        <Box sx={{ flex: 1 }} />
        {result && (
          <Typography variant="body2" color="text.secondary">
            A run on this task sends {formatCount(result.requestsNeeded)} request{result.requestsNeeded === 1 ? '' : 's'}
          </Typography>
        )}
      </Box>
      {!valid && <Alert severity="warning">Fix the judge’s problems to preview it.</Alert>}
      {preview.loading && <LinearProgress aria-label="Rendering the prompt" />}
      {preview.error && <Alert severity="error">{preview.error}</Alert>}
      {result && valid && (
        <Box data-testid="judge-preview" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, opacity: preview.stale ? 0.5 : 1 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h4" component="h3">
              Rendered for{' '}
              <Link component={RouterLink} to={`/items/${result.itemId}${result.unit ? `?unit=${encodeURIComponent(result.unit)}` : ''}`} sx={{ fontFamily: MONO_FONT }}>
                {result.externalId}
              </Link>
              {result.unit && ` · ${result.unit.replace(':', ' ')}`}
            </Typography>
            {result.cached && <Chip size="small" color="success" variant="outlined" label={`Cached for ${endpoint.model}`} />}
            {result.hash && (
              <Typography variant="caption" color="text.secondary" sx={{ fontFamily: MONO_FONT, ml: 'auto' }} title="SHA-256 of the request: its cache key">
                request {result.hash.slice(0, 16)}
              </Typography>
            )}
          </Box>
          {result.error && <Alert severity="warning">This item cannot be judged: {result.error}</Alert>}
          {result.request && <RequestView request={result.request} template={draft.template} />}
        </Box>
      )}
    </Box>
  );
}

function RequestView({ request, template }: { request: ChatRequest; template: JudgeDefinition['template'] }) {
  const [showJson, setShowJson] = useState(false);
  const format = request.response_format;
  const settings = [
    `model ${request.model}`,
    request.temperature !== undefined && `temperature ${request.temperature}`,
    request.top_p !== undefined && `top_p ${request.top_p}`,
    request.max_tokens !== undefined && `max_tokens ${request.max_tokens}`,
    request.seed !== undefined && `seed ${request.seed}`,
    format && (format.type === 'json_schema' ? `structured output “${format.json_schema.name}”${format.json_schema.strict ? ' (strict)' : ''}` : 'JSON object'),
  ].filter(Boolean);
  return (
    <>
      {request.messages.map((message, i) => (
        <MessageView key={i} role={message.role} content={message.content} template={template[message.role]} />
      ))}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ fontFamily: MONO_FONT, fontSize: 12.5 }}>
          {settings.join(' · ')}
        </Typography>
        <Button size="small" onClick={() => setShowJson((s) => !s)} endIcon={<ExpandMoreOutlined sx={{ transform: showJson ? 'rotate(180deg)' : undefined }} />} sx={{ ml: 'auto' }}>
          {showJson ? 'Hide' : 'Show'} request JSON
        </Button>
      </Box>
      <Collapse in={showJson} unmountOnExit>
        <Paper variant="outlined" component="pre" sx={{ m: 0, p: 1.5, fontFamily: MONO_FONT, fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 480, overflow: 'auto' }}>
          {JSON.stringify(request, null, 2)}
        </Paper>
      </Collapse>
    </>
  );
}

const COLLAPSED_LINES = 5;

/** One message of the request, with what each placeholder became marked; the system message starts folded. */
function MessageView({ role, content, template }: { role: 'system' | 'user'; content: string; template: string }) {
  const [open, setOpen] = useState(role === 'user');
  const segments = renderedSegments(template, content);
  const lines = content.split('\n').length;
  const foldable = lines > COLLAPSED_LINES + 2;
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }} data-testid={`preview-${role}`}>
      <Box sx={{ px: 1.5, py: 0.5, borderBottom: 1, borderColor: 'divider', bgcolor: '#fafbfc', display: 'flex', alignItems: 'center' }}>
        <Typography variant="overline" color="text.secondary" sx={{ flex: 1 }}>
          {role === 'system' ? 'System message' : 'User message'}
        </Typography>
        {foldable && (
          <Button size="small" onClick={() => setOpen((o) => !o)} endIcon={<ExpandMoreOutlined sx={{ transform: open ? 'rotate(180deg)' : undefined }} />}>
            {open ? 'Fold' : `Show all ${lines} lines`}
          </Button>
        )}
      </Box>
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 1.5,
          fontFamily: MONO_FONT,
          fontSize: 12.5,
          lineHeight: 1.6,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          ...(foldable && !open ? { maxHeight: `${COLLAPSED_LINES * 1.6}em`, overflow: 'hidden', maskImage: 'linear-gradient(to bottom, black 60%, transparent)' } : {}),
        }}
      >
        {segments.map((segment, i) =>
          segment.kind === 'text' ? (
            segment.text
          ) : (
            <Tooltip key={i} title={`{{${segment.name}}}`} placement="top-start" disableInteractive>
              <Box component="span" data-filled={segment.name} sx={{ bgcolor: 'primary.light', boxShadow: '0 0 0 1px #c9d8e8', borderRadius: '2px' }}>
                {segment.text}
              </Box>
            </Tooltip>
          ),
        )}
      </Box>
    </Paper>
  );
}
