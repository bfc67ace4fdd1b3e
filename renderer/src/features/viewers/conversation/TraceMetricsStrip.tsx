import { Box, Tooltip, Typography } from '@mui/material';
import { formatMetricValue, metricLabel } from '../../../shared/metricLabels';
import { plural } from '../../../shared/format';
import type { ConversationMetrics } from './conversationPayload';

/** What each score means, for the tooltip (DESIGN.md §3). */
const MEANING: Record<string, string> = {
  toolPrecision: 'Share of the calls made that the expected trace has (by tool name, as a multiset)',
  toolRecall: 'Share of the expected calls that were made (by tool name, as a multiset)',
  toolF1: 'Harmonic mean of tool precision and recall',
  parameterMatch: 'Expected parameters given with equal values, over all expected parameters',
  toolCallAccuracy: '0 unless the tools were called exactly in the expected order; then matching parameters over expected parameters',
  userJourneyCoverage: 'Mean Tool Call Accuracy over the conversations of this graph in the dataset',
};

const SCORES = ['toolPrecision', 'toolRecall', 'toolF1', 'parameterMatch', 'toolCallAccuracy'] as const;

/** The trace scores in one line: exact match, tool P/R/F1, parameter match, TCA and the graph's coverage. */
export function TraceMetricsStrip({ metrics }: { metrics: ConversationMetrics }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1.25, alignItems: 'flex-end' }} aria-label="Trace scores">
      <Stat id="traceExactMatch" label={metricLabel('traceExactMatch')} value={metrics.traceExactMatch ? 'Yes' : 'No'} tone={metrics.traceExactMatch ? 'success.main' : 'error.main'} />
      {SCORES.map((key) => (
        <Stat key={key} id={key} label={metricLabel(key)} value={formatMetricValue(key, metrics[key])} strong={key === 'toolCallAccuracy'} />
      ))}
      {typeof metrics.userJourneyCoverage === 'number' && (
        <Stat
          id="userJourneyCoverage"
          label={metricLabel('userJourneyCoverage')}
          value={formatMetricValue('userJourneyCoverage', metrics.userJourneyCoverage)}
          note={metrics.journeyConversations !== undefined ? `over ${plural(metrics.journeyConversations, 'conversation')}` : undefined}
        />
      )}
    </Box>
  );
}

function Stat({ id, label, value, note, strong = false, tone }: { id: string; label: string; value: string; note?: string; strong?: boolean; tone?: string }) {
  const body = (
    <Box data-testid="trace-metric" data-metric={id}>
      <Typography component="div" sx={{ fontSize: 12, color: 'text.secondary', whiteSpace: 'nowrap' }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.75 }}>
        <Typography component="div" data-testid="trace-metric-value" sx={{ fontSize: strong ? 17 : 15, fontWeight: strong ? 700 : 600, fontVariantNumeric: 'tabular-nums', color: tone ?? 'text.primary' }}>
          {value}
        </Typography>
        {note && (
          <Typography component="span" sx={{ fontSize: 12, color: 'text.secondary', whiteSpace: 'nowrap' }}>
            {note}
          </Typography>
        )}
      </Box>
    </Box>
  );
  return MEANING[id] ? <Tooltip title={MEANING[id]}>{body}</Tooltip> : body;
}
