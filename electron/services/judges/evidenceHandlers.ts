import type { HandlerTable } from '../handlerTypes';
import { runAltTest } from './altTestRun';
import { importJudgeRun } from './importJudgeRun';
import { probeRuns } from './probeRuns';

/** The alternative annotator test of a run, and judge labels made elsewhere imported as a run. */
export const judgeEvidenceHandlers = {
  'judges.altTest': (args, ctx) => runAltTest(ctx, args),
  'judges.importLabels': (args, ctx) => importJudgeRun(ctx, args),
  'judges.probes': (args, ctx) => probeRuns(ctx, args),
} satisfies HandlerTable<'judges.altTest' | 'judges.importLabels' | 'judges.probes'>;
