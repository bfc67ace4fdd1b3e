/**
 * Conversation artifacts (DESIGN.md §3): the canonical model, the five source formats, the
 * validators and the deterministic reference metrics against an expected tool trace.
 */
import type { FormatModule } from '../module';
import { createConversationFormats } from './formats';

/** The conversation format modules with default settings, in detection order. */
export const conversationFormats: FormatModule[] = createConversationFormats();

export { createConversationFormats } from './formats';
export type * from './model';
export { parseCallSyntax, type CallSyntaxResult } from './callSyntax';
export { conversationItem } from './conversationItem';
export { readMessageConversation } from './conversationRecord';
export { TrajectoryBuilder } from './trajectoryEvents';
export { isChatConversation, isRolesConversation, isTrajectoryEvent } from './detect';
export { validateConversation, type ConversationValidationOptions } from './validateConversation';
export { DEFAULT_MAX_TURNS } from './validateTurnCount';
export { traceMetrics } from './traceMetrics';
export { traceExactMatch } from './traceExactMatch';
export { toolScores, type ToolScores } from './toolScores';
export { parameterMatch, parameterMatchFromAlignment, type ParameterMatch } from './parameterMatch';
export { toolCallAccuracy } from './toolCallAccuracy';
export { alignTraces, compareParameters } from './traceAlignment';
export { userJourneyCoverage } from './userJourneyCoverage';
export { valuesEqual, normaliseString } from './valueEquality';
