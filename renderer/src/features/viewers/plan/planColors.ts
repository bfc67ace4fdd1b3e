import type { PlanTier } from '../../../../../electron/api/artifacts';

/** How a tool badge is drawn: soft background, strong text, and what the tool is, for the tooltip. */
export interface ToolStyle {
  background: string;
  color: string;
  border: string;
  meaning: string;
}

/**
 * The three planner tools each get a colour of their own (distinct in hue and readable for the
 * common colour-vision deficiencies, and always with the name written on the badge); any other
 * tool is neutral.
 */
const TOOLS: Record<string, ToolStyle> = {
  T2S: { background: '#e4eef8', color: '#1d4f7c', border: '#b7cfe6', meaning: 'Text to SQL: a query over call metadata' },
  RAG: { background: '#e1f3ec', color: '#15624c', border: '#a9d8c4', meaning: 'Retrieval over call transcripts' },
  LLM: { background: '#f3e9f9', color: '#6a2f93', border: '#d8bfe9', meaning: 'Language model call over earlier outputs' },
};
const OTHER: ToolStyle = { background: '#eef0f3', color: '#3f4b58', border: '#d3d9e0', meaning: 'A tool declared by the dataset' };
const NOT_A_CALL: ToolStyle = { background: '#ffffff', color: '#5b6878', border: '#c4ccd5', meaning: 'The step text is not a tool call' };

/** The badge style of a tool (case-insensitive for the known three). */
export function toolStyle(tool: string | null): ToolStyle {
  if (tool === null) return NOT_A_CALL;
  return TOOLS[tool.toUpperCase()] ?? OTHER;
}

/** Colours of the match and diff states, shared by cards, connectors and legends. */
export const STATE_COLOR = {
  matched: '#2e7d4f',
  planOnly: '#a15c00',
  goldOnly: '#b3261e',
  added: '#2e7d4f',
  changed: '#a15c00',
  removed: '#b3261e',
  unchanged: '#c4ccd5',
} as const;

/** Word-diff highlights: removed words struck on red, added words on green. */
export const DIFF_COLOR = {
  removed: { background: '#fbe3e1', color: '#8c1d18' },
  added: { background: '#dcf1e3', color: '#1c5a36' },
} as const;

/** The seven tiers from worst to best, coloured from red through neutral to green. */
const TIER_COLOR: Record<PlanTier, { background: string; color: string }> = {
  'Extremely Bad': { background: '#b3261e', color: '#ffffff' },
  'Very Bad': { background: '#fbe3e1', color: '#8c1d18' },
  Bad: { background: '#fdf1dc', color: '#7a4500' },
  Acceptable: { background: '#eef0f3', color: '#3f4b58' },
  Good: { background: '#e4eef8', color: '#1d4f7c' },
  'Very Good': { background: '#dcf1e3', color: '#1c5a36' },
  'Extremely Good': { background: '#2e7d4f', color: '#ffffff' },
};

/** The chip colours of a tier. */
export function tierColor(tier: PlanTier) {
  return TIER_COLOR[tier];
}
