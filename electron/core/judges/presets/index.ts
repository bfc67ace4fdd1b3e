import type { JudgeDefinition } from '../model';
import { agentSStepReviewJudge } from './agentSStepReview';
import { conversationQualityJudge } from './conversationQuality';
import { conversationValidityJudge } from './conversationValidity';
import { planMetricsJudge } from './planMetrics';
import { planQualityReferenceJudge } from './planQualityReference';
import { planStepTagsJudge } from './planStepTags';
import { sopGraphReviewJudge } from './sopGraphReview';
import { workflowTrimJudge } from './workflowTrim';

/** Our judges, one per annotation preset (DESIGN.md §6), by judge id. */
export const JUDGE_PRESETS: Readonly<Record<string, JudgeDefinition>> = Object.fromEntries(
  [planQualityReferenceJudge, planStepTagsJudge, planMetricsJudge, sopGraphReviewJudge, workflowTrimJudge, conversationQualityJudge, conversationValidityJudge, agentSStepReviewJudge].map(
    (judge) => [judge.id, judge],
  ),
);

/** Judge preset ids in the order menus list them. */
export const JUDGE_PRESET_IDS = Object.keys(JUDGE_PRESETS);

/**
 * A preset judge by its id, or by the annotation preset it answers (`plan-quality` gives
 * `plan-quality-reference`), as a fresh copy the caller may change.
 *
 * @returns undefined for a name that is neither.
 */
export function judgePreset(name: string): JudgeDefinition | undefined {
  const judge = Object.hasOwn(JUDGE_PRESETS, name) ? JUDGE_PRESETS[name] : Object.values(JUDGE_PRESETS).find((j) => j.schemaId === name);
  return judge ? structuredClone(judge) : undefined;
}
