import type { TraceCall, TraceMetrics, TraceScoring } from './model';
import { figuresByMode } from './modeFigures';
import { parameterMatchFromAlignment } from './parameterMatch';
import { toolCallAccuracy } from './toolCallAccuracy';
import { toolScores } from './toolScores';
import { alignTraces } from './traceAlignment';
import { traceExactMatch } from './traceExactMatch';

/**
 * Every reference metric of an actual trace against its expected trace, plus the alignment
 * the side-by-side view draws (see each metric's own function for its definition): the plain
 * figures, and beside them the figures of each scoring mode the dataset declares
 * (`modeFigures`; `all-calls` always).
 */
export function traceMetrics(expected: readonly TraceCall[], actual: readonly TraceCall[], scoring?: TraceScoring): TraceMetrics {
  const alignment = alignTraces(expected, actual);
  const tools = toolScores(expected, actual);
  const parameters = parameterMatchFromAlignment(expected, alignment);
  return {
    traceExactMatch: traceExactMatch(expected, actual),
    toolPrecision: tools.precision,
    toolRecall: tools.recall,
    toolF1: tools.f1,
    parameterMatch: parameters.value,
    toolCallAccuracy: toolCallAccuracy(expected, actual),
    expectedCalls: expected.length,
    actualCalls: actual.length,
    matchedTools: tools.matched,
    expectedParameters: parameters.expected,
    matchedParameters: parameters.matched,
    alignment,
    modes: figuresByMode(expected, actual, scoring, alignment),
  };
}
