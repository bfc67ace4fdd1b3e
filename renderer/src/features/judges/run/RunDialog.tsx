import { Alert, Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { JudgeDefinition, RunSummary } from '../../../../../electron/api/contract';
import { useApiQuery } from '../../../api/useApiQuery';
import { formatCount, plural } from '../../../common/format';
import { MONO_FONT } from '../../../theme/theme';
import { useIdentity } from '../../identity/identityContext';
import { useTasksForSchema } from '../library/useTasksForSchema';
import { KeySourceNote } from './KeySourceNote';
import { RowsEditor } from './RowsEditor';
import { RunProgressView } from './RunProgressView';
import { RunResultView } from './RunResultView';
import { loadRunForm, runFormArgs, saveRunForm, type RunForm } from './runForm';
import { useJudgeRun } from './useJudgeRun';

/** A new run of a judge, or the resume of a stopped run. */
export type RunTarget = { kind: 'new'; judge: JudgeDefinition; version: string | null } | { kind: 'resume'; run: RunSummary };

interface Props {
  target: RunTarget | null;
  onClose(): void;
}

const section = { fontSize: 11, fontWeight: 700, letterSpacing: '0.08em', textTransform: 'uppercase', color: 'text.secondary', mt: 1 } as const;

/**
 * Runs a judge on a task's items, or resumes a run: the endpoint (base URL, model, extra
 * headers), concurrency, timeout, cache and price table; then a progress bar with the rate and
 * time left, and Cancel; then what the run did. The API key is never asked for here.
 */
export function RunDialog({ target, onClose }: Props) {
  const run = useJudgeRun();
  const navigate = useNavigate();
  const [form, setForm] = useState<RunForm>(() => loadRunForm(globalThis.localStorage));
  const [taskId, setTaskId] = useState<number | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof RunForm, string>>>({});
  const schemaId = target?.kind === 'new' ? target.judge.schemaId : '';
  // A team server refuses extra headers (leasedRuns.ts: any of its servers may run the job, and
  // header values are never stored), so the dialog neither offers nor sends them there.
  const team = useIdentity().team === true;
  const { compatible } = useTasksForSchema(schemaId);
  const open = target !== null;

  // Each opening starts from the remembered endpoint, or from the run being resumed.
  useEffect(() => {
    if (!target) return;
    run.reset();
    setErrors({});
    const remembered = loadRunForm(globalThis.localStorage);
    if (target.kind === 'resume') {
      const s = target.run.settings;
      setForm({
        ...remembered,
        baseUrl: target.run.baseUrl,
        model: target.run.model,
        concurrency: String(s.concurrency),
        timeoutSeconds: String(s.timeoutMs / 1000),
        noCache: s.noCache,
        headers: s.headerNames.map((name) => ({ name, value: '' })),
        prices: Object.entries(s.prices).map(([model, p]) => ({ model, input: String(p.input), output: String(p.output) })),
      });
    } else {
      setForm(remembered);
    }
    // Only a new target resets the dialog (run.reset is stable).
  }, [target]);

  const task = target?.kind === 'resume' ? null : (compatible.find((t) => t.id === taskId) ?? compatible[0] ?? null);
  const preview = useApiQuery(
    `run-size:${task?.id}:${target?.kind === 'new' ? target.version : ''}`,
    (api) => api['judges.preview']({ task: task!.id, judge: { json: (target as Extract<RunTarget, { kind: 'new' }>).judge } }),
    open && target?.kind === 'new' && task !== null,
  );

  const start = () => {
    const checked = runFormArgs(team ? { ...form, headers: [] } : form);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    saveRunForm(globalThis.localStorage, form);
    if (target?.kind === 'resume') {
      run.start({ task: target.run.taskId, resume: target.run.id, headers: checked.args.headers, concurrency: checked.args.concurrency, timeoutMs: checked.args.timeoutMs, noCache: checked.args.noCache, prices: checked.args.prices });
    } else if (target?.kind === 'new' && task) {
      run.start({ task: task.id, judge: { json: target.judge }, ...checked.args });
    }
  };

  const running = run.phase === 'running';
  const editable = run.phase === 'idle' || run.phase === 'error';
  const title = target?.kind === 'resume' ? `Resume run ${target.run.id}` : `Run ${target?.kind === 'new' ? target.judge.title : 'judge'}`;
  const set = (change: Partial<RunForm>) => setForm((f) => ({ ...f, ...change }));

  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="run-dialog-title">
      <DialogTitle id="run-dialog-title" sx={{ pb: 0.5 }}>
        {title}
        {target?.kind === 'new' && target.version && (
          <Typography component="span" sx={{ fontFamily: MONO_FONT, fontSize: 12.5, color: 'text.secondary', ml: 1.5 }}>
            version {target.version}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        {editable && (
          <>
            {target?.kind === 'new' ? (
              compatible.length === 0 ? (
                <Alert severity="info">No task uses the “{schemaId}” schema. Create a task with it first.</Alert>
              ) : (
                <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                  <TextField select size="small" label="Task" value={task?.id ?? ''} onChange={(e) => setTaskId(Number(e.target.value))} sx={{ width: 280 }}>
                    {compatible.map((t) => (
                      <MenuItem key={t.id} value={t.id}>
                        {t.name} · {plural(t.itemCount, 'item')}
                      </MenuItem>
                    ))}
                  </TextField>
                  {preview.data && (
                    <Typography variant="body2" color="text.secondary" data-testid="run-size">
                      Up to {plural(preview.data.requestsNeeded, 'request')}; answers already cached for this model and endpoint cost nothing.
                    </Typography>
                  )}
                </Box>
              )
            ) : (
              target && (
                <Typography variant="body2" color="text.secondary">
                  Task “{target.run.task}”: {formatCount(target.run.pending + target.run.failed)} of {plural(target.run.total, 'request')} left to send. Answers already recorded are not sent again.
                </Typography>
              )
            )}

            <Typography sx={section}>Endpoint</Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)', gap: 2 }}>
              <TextField
                size="small"
                label="Base URL"
                value={form.baseUrl}
                onChange={(e) => set({ baseUrl: e.target.value })}
                disabled={target?.kind === 'resume'}
                error={!!errors.baseUrl}
                helperText={errors.baseUrl ?? 'Any OpenAI-compatible server: OpenAI, Azure, vLLM, Ollama, llama.cpp'}
                slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: MONO_FONT, fontSize: 13 } } }}
              />
              <TextField
                size="small"
                label="Model"
                value={form.model}
                onChange={(e) => set({ model: e.target.value })}
                disabled={target?.kind === 'resume'}
                error={!!errors.model}
                helperText={errors.model ?? ' '}
                slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: MONO_FONT, fontSize: 13 } } }}
              />
            </Box>
            <KeySourceNote baseUrl={form.baseUrl} />
            {team ? (
              <Typography variant="caption" color="text.secondary" component="div" data-testid="team-no-headers">
                Extra headers (an Azure deployment’s <code>api-key</code>) cannot be sent from a team server: any of its servers may run the job, and header values are never stored. Give the endpoint’s key as <code>OPENAI_API_KEY</code> in every server’s environment.
              </Typography>
            ) : (
              <Box>
                <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1 }}>
                  Extra headers (an Azure deployment’s <code>api-key</code>, a gateway’s routing header). Their values are sent with each request and never stored; only their names are kept with the run.
                </Typography>
                <RowsEditor
                  noun="Header"
                  rows={form.headers}
                  columns={[
                    { key: 'name', label: 'Name', width: 220, placeholder: 'api-key' },
                    { key: 'value', label: 'Value', width: 360 },
                  ]}
                  empty={{ name: '', value: '' }}
                  addLabel="Add header"
                  onChange={(headers) => set({ headers })}
                />
                {errors.headers && <Typography variant="caption" color="error">{errors.headers}</Typography>}
              </Box>
            )}

            <Typography sx={section}>Run</Typography>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
              <TextField size="small" type="number" label="Concurrency" value={form.concurrency} onChange={(e) => set({ concurrency: e.target.value })} error={!!errors.concurrency} helperText={errors.concurrency ?? 'requests at once'} sx={{ width: 150 }} />
              <TextField size="small" type="number" label="Timeout (s)" value={form.timeoutSeconds} onChange={(e) => set({ timeoutSeconds: e.target.value })} error={!!errors.timeoutSeconds} helperText={errors.timeoutSeconds ?? 'per call'} sx={{ width: 150 }} />
              <FormControlLabel
                sx={{ mt: 0.5 }}
                control={<Checkbox checked={form.noCache} onChange={(e) => set({ noCache: e.target.checked })} />}
                label="No cache (send every request again)"
              />
            </Box>

            <Typography sx={section}>Prices</Typography>
            <Typography variant="caption" color="text.secondary" sx={{ mt: -1.5 }}>
              Dollars per million tokens, by model (<code>*</code> for any other). Without a price the cost shows as unknown, never as free.
            </Typography>
            <RowsEditor
              noun="Price"
              rows={form.prices}
              columns={[
                { key: 'model', label: 'Model', width: 220, placeholder: form.model },
                { key: 'input', label: 'Input $/1M', width: 140, type: 'number' },
                { key: 'output', label: 'Output $/1M', width: 140, type: 'number' },
              ]}
              empty={{ model: form.model, input: '', output: '' }}
              addLabel="Add price"
              onChange={(prices) => set({ prices })}
            />
            {errors.prices && <Typography variant="caption" color="error">{errors.prices}</Typography>}
            {run.phase === 'error' && <Alert severity="error">{run.error}</Alert>}
          </>
        )}
        {running && <RunProgressView progress={run.progress} cancelling={run.cancelling} />}
        {run.phase === 'done' && run.result && <RunResultView run={run.result} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {editable && (
          <>
            <Button onClick={onClose}>Close</Button>
            <Button variant="contained" onClick={start} disabled={target?.kind === 'new' && !task}>
              {target?.kind === 'resume' ? 'Resume run' : 'Start run'}
            </Button>
          </>
        )}
        {running && (
          <>
            <Button onClick={onClose}>Keep running in the background</Button>
            <Button color="warning" variant="outlined" onClick={run.cancel} disabled={run.cancelling}>
              Cancel run
            </Button>
          </>
        )}
        {run.phase === 'done' && run.result && (
          <>
            <Button onClick={onClose}>Close</Button>
            <Button
              variant="contained"
              onClick={() => {
                onClose();
                navigate(`/judge-runs/${run.result!.id}`);
              }}
            >
              Open calibration
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
