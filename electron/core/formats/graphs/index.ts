/**
 * SOP graphs (DESIGN.md §3): the canonical model, the two source formats, validators,
 * condition parsing and journey enumeration.
 */
import type { FormatModule } from '../module';
import { flowgraphLinesModule } from './flowgraphLinesModule';
import { sopGraphJsonArrayModule, sopGraphJsonModule } from './sopGraphJsonModule';

/** The SOP-graph format modules, in detection order. */
export const graphFormats: FormatModule[] = [sopGraphJsonModule, sopGraphJsonArrayModule, flowgraphLinesModule];

export type * from './model';
export { flowgraphLinesModule, sopGraphJsonModule, sopGraphJsonArrayModule };
export { parseSopGraphJson, type ParsedGraph } from './parseSopGraphJson';
export { parseFlowgraphLines } from './parseFlowgraphLines';
export { validateGraph } from './validators/validateGraph';
export { analyseGraph, type GraphAnalysis } from './graphAnalysis';
export {
  enumerateJourneys,
  countJourneys,
  DEFAULT_MAX_JOURNEYS,
  DEFAULT_MAX_STEPS,
  type Journey,
  type JourneyEnumeration,
  type JourneyLimits,
} from './journeys';
export {
  parseCondition,
  conditionVariables,
  variableComparisons,
  MAX_CONDITION_DEPTH,
  type ConditionNode,
  type ConditionParse,
  type ConditionLiteral,
  type ComparisonOperator,
  type VariableComparison,
} from './conditionParser';
export { parseResponseDescription, type ResponseDeclaration } from './responseDescription';
export { normaliseNodeType } from './nodeTypes';
