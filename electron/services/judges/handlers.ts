import { externalIdsOfRunItems, listCalls, listRuns, runById } from '../../../db/queries/judges';
import { judgeToJson, judgeVersion, parseJudgeText, validateJudge, JudgeDefinitionError } from '../../core/judges/judgeJson';
import { PLACEHOLDERS } from '../../core/judges/placeholders';
import { loadTask } from '../annotation/taskContext';
import { NotFoundError } from '../errors';
import type { HandlerTable } from '../handlerTypes';
import { resolveApiKey } from './apiKey';
import { calibrateRun } from './calibrate';
import { cancelRun } from './cancelRun';
import { compareRuns } from './compare';
import { judgeLibrary, presetJudges, saveJudge } from './judgeLibrary';
import { resolveJudge } from './judgeSource';
import { previewJudge } from './preview';
import { queueJudgeRun } from './leasedRuns';
import { runJudge } from './runJudge';
import { deleteRun, listTrashedRuns, purgeRun, restoreRunFromTrash, runDeletionImpact } from './runTrash';
import { toCallView, toRunSummary } from './runViews';

/**
 * Judge methods: presets, validation, export, preview, runs (and their cancel), calls, calibration, comparison.
 Who may call each (blind annotation reaches the judges, DESIGN.md §4) is declared with the
 * method in the contract and checked in dispatch, before the run is even looked up, so a
 * refusal says nothing of what exists.
 */
export const judgeHandlers = {
  'judges.presets': () => presetJudges(),
  'judges.list': (_args, ctx) => judgeLibrary(ctx),
  'judges.save': ({ judge }, ctx) => saveJudge(ctx, judge),
  'judges.keyStatus': ({ baseUrl }) => ({ configured: resolveApiKey(baseUrl ?? '') !== null }),
  'judges.placeholders': () => PLACEHOLDERS.map((p) => ({ ...p, kinds: [...p.kinds] })),
  'judges.validate': ({ judge }) => {
    const result = validateJudge(judge);
    return result.ok ? { ok: true, judge: result.judge, version: judgeVersion(result.judge) } : result;
  },
  'judges.import': ({ text }) => {
    try {
      const judge = parseJudgeText(text);
      return { ok: true, judge, version: judgeVersion(judge) };
    } catch (error) {
      if (error instanceof JudgeDefinitionError) return { ok: false, issues: error.issues };
      throw error;
    }
  },
  'judges.export': ({ judge }, ctx) => {
    const definition = resolveJudge(ctx.sql, judge);
    return { fileName: `${definition.id}.judge.json`, text: judgeToJson(definition) };
  },
  'judges.preview': (args, ctx) => previewJudge(ctx, args),
  // A team server queues the run as a job any of its servers may run (leasedRuns.ts); elsewhere it runs in the request.
  'judges.run': (args, ctx) => (ctx.leasedJobs ? queueJudgeRun(ctx, args) : runJudge(ctx, args)),
  'judges.cancel': ({ run }, ctx) => cancelRun(ctx, run),
  'judges.runs': ({ task }, ctx) => listRuns(ctx.sql, task === undefined ? undefined : loadTask(ctx.sql, task).record.id).map((run) => toRunSummary(ctx.sql, run)),
  'judges.deleteImpact': ({ run }, ctx) => runDeletionImpact(ctx, run),
  'judges.delete': ({ run }, ctx) => deleteRun(ctx, run),
  'judges.trash': ({ task }, ctx) => listTrashedRuns(ctx, task),
  'judges.restore': ({ run }, ctx) => restoreRunFromTrash(ctx, run),
  'judges.purge': ({ run, confirm }, ctx) => purgeRun(ctx, run, confirm),
  'judges.runGet': ({ run }, ctx) => {
    const record = runById(ctx.sql, run);
    if (!record) throw new NotFoundError(`no judge run ${run}`);
    return toRunSummary(ctx.sql, record);
  },
  'judges.calls': ({ run, status, itemId, offset, limit }, ctx) => {
    if (!runById(ctx.sql, run)) throw new NotFoundError(`no judge run ${run}`);
    const page = listCalls(ctx.sql, run, { status, itemId, offset, limit });
    const names = externalIdsOfRunItems(ctx.sql, run);
    return { total: page.total, rows: page.rows.map((row) => toCallView(row, names.get(row.item_id) ?? String(row.item_id))) };
  },
  'judges.calibrate': (args, ctx) => calibrateRun(ctx, args),
  'judges.compare': (args, ctx) => compareRuns(ctx, args),
} satisfies HandlerTable<
  | 'judges.presets'
  | 'judges.list'
  | 'judges.save'
  | 'judges.keyStatus'
  | 'judges.placeholders'
  | 'judges.validate'
  | 'judges.import'
  | 'judges.export'
  | 'judges.preview'
  | 'judges.run'
  | 'judges.cancel'
  | 'judges.runs'
  | 'judges.deleteImpact'
  | 'judges.delete'
  | 'judges.trash'
  | 'judges.restore'
  | 'judges.purge'
  | 'judges.runGet'
  | 'judges.calls'
  | 'judges.calibrate'
  | 'judges.compare'
>;
