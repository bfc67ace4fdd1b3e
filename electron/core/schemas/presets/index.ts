import type { LabelSchema } from '../model';
import { agentSStepReview } from './agentSStepReview';
import { conversationQuality } from './conversationQuality';
import { conversationValidity } from './conversationValidity';
import { planMetrics } from './planMetrics';
import { planQuality } from './planQuality';
import { planStepTags } from './planStepTags';
import { sopGraphReview } from './sopGraphReview';
import { workflowTrim } from './workflowTrim';

export { PLAN_QUALITY_TIERS, planQualityQuestion } from './planQuality';

/** The preset schemas (DESIGN.md §4), by name; a preset's name is its schema id. */
export const PRESETS = {
  'sop-graph-review': sopGraphReview,
  'plan-quality': planQuality,
  'plan-step-tags': planStepTags,
  'plan-metrics': planMetrics,
  'workflow-trim': workflowTrim,
  'conversation-quality': conversationQuality,
  'conversation-validity': conversationValidity,
  'agent-s-step-review': agentSStepReview,
} as const satisfies Record<string, LabelSchema>;

/** A preset's name. */
export type PresetName = keyof typeof PRESETS;

/** Preset names in the order menus list them. */
export const PRESET_NAMES = Object.keys(PRESETS) as PresetName[];

/** Whether `name` is a preset. */
export function isPresetName(name: string): name is PresetName {
  return Object.hasOwn(PRESETS, name);
}

/**
 * A preset schema, as a fresh copy the caller may change.
 *
 * @returns undefined for a name that is no preset.
 */
export function presetSchema(name: string): LabelSchema | undefined {
  return isPresetName(name) ? structuredClone(PRESETS[name]) : undefined;
}
