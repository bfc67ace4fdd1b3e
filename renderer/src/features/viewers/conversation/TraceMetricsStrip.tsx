import { Box, Tooltip, Typography } from '@mui/material';
import { formatMetricValue, metricLabel } from '../../../shared/metricLabels';
import { plural } from '../../../shared/format';
import { scoringModeLabel } from '../../../../../electron/shared/scoringModes';
import type { ConversationMetrics } from './conversationPayload';

/** What each score means, for the tooltip (DESIGN.md §3). */
const MEANING: Record<string, string> = {
  toolPrecision: 'Share of the calls made that the expected trace has (tool names, as a multiset)',
  toolRecall: 'Share of the expected calls that were made (tool names, as a multiset)',
  toolF1: 'Harmonic mean of tool precision and recall',
  parameterMatch: 'Expected parameters given with equal values, over all expected parameters',
  toolCallAccuracy: '0 unless the tools were called exactly in the expected order; then matching parameters over expected parameters',
  userJourneyCoverage: 'Mean Tool Call Accuracy over the conversations of this graph in the dataset',
};

const SCORES = ['toolPrecision', 'toolRecall', 'toolF1', 'parameterMatch', 'toolCallAccuracy'] as const;

/**
 * The trace scores on one quiet line: tool P/R/F1, parameter match, TCA and the graph's
 * coverage (the plain figures); below, the figures of each scoring mode the dataset declares,
 * each line naming its mode.
 */
export function TraceMetricsStrip({ metrics }: { metrics: ConversationMetrics }) {
  return (
    <>
      <PlainFigures metrics={metrics} />
      {(metrics.modes ?? []).map((figures) => (
        <Box
          key={figures.mode}
          data-testid="trace-mode"
          data-mode={figures.mode}
          sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2.5, rowGap: 0.5, alignItems: 'baseline', mt: 0.5 }}
          aria-label={`Trace scores, ${scoringModeLabel(figures.mode)}`}
        >
          <Typography component="span" sx={{ fontSize: 12.5, fontWeight: 600, minWidth: 120 }}>
            Mode: {scoringModeLabel(figures.mode)}
          </Typography>
          {SCORES.map((key) => (
            <Stat key={key} id={key} label={metricLabel(key)} value={formatMetricValue(key, figures[key])} strong={key === 'toolCallAccuracy'} />
          ))}
          <Typography component="span" sx={{ fontSize: 12, color: 'text.secondary' }}>
            {figures.traceExactMatch ? 'exact match' : 'not exact'} · {plural(figures.actualCalls, 'call')} counted
            {figures.retries > 0 ? ` · ${plural(figures.retries, 'retried attempt')} left out` : ''}
            {figures.readOnlyCalls > 0 ? ` · ${plural(figures.readOnlyCalls, 'read-only call')} left out` : ''}
          </Typography>
        </Box>
      ))}
    </>
  );
}

function PlainFigures({ metrics }: { metrics: ConversationMetrics }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2.5, rowGap: 0.5, alignItems: 'baseline' }} aria-label="Trace scores">
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

function Stat({ id, label, value, note, strong = false }: { id: string; label: string; value: string; note?: string; strong?: boolean }) {
  return (
    <Tooltip title={MEANING[id] ?? ''}>
      <Box data-testid="trace-metric" data-metric={id} sx={{ display: 'inline-flex', alignItems: 'baseline', gap: 0.75, whiteSpace: 'nowrap' }}>
        <Typography component="span" sx={{ fontSize: 12.5, color: 'text.secondary' }}>
          {label}
        </Typography>
        <Typography component="span" data-testid="trace-metric-value" sx={{ fontSize: 14, fontWeight: strong ? 750 : 600, fontVariantNumeric: 'tabular-nums' }}>
          {value}
        </Typography>
        {note && (
          <Typography component="span" sx={{ fontSize: 12, color: 'text.secondary' }}>
            {note}
          </Typography>
        )}
      </Box>
    </Tooltip>
  );
}
