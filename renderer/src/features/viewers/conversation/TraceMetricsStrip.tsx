import { Box, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import type { ModeFigures } from '../../../../../electron/api/artifacts';
import { formatMetricValue, metricLabel } from '../../../common/metricLabels';
import { plural } from '../../../common/format';
import { headlineMode, scoringModeLabel } from '../../../../../electron/common/scoringModes';
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
  const modes = metrics.modes ?? [];
  // The TCA in bold is the one the item list shows as the reference (see headlineMode).
  const headline = headlineMode(modes.map((m) => m.mode));
  return (
    <>
      <PlainFigures metrics={metrics} labelled={modes.length > 0} headline={headline === null} />
      {modes.length > 0 && <ModeTable modes={modes} headline={headline} />}
    </>
  );
}

/** The plain figures (tool names as multisets, positions as written); `labelled` says so when mode figures follow; `headline`, that their TCA is the item's. */
function PlainFigures({ metrics, labelled, headline }: { metrics: ConversationMetrics; labelled: boolean; headline: boolean }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2.5, rowGap: 0.5, alignItems: 'baseline' }} aria-label="Trace scores">
      {labelled && (
        <Tooltip title="Tool names compared as multisets, calls by position: every call counts, retries and lookups included">
          <Typography component="span" sx={{ fontSize: 12.5, fontWeight: 600 }}>
            Plain
          </Typography>
        </Tooltip>
      )}
      {SCORES.map((key) => (
        <Stat key={key} id={key} label={metricLabel(key)} value={formatMetricValue(key, metrics[key])} strong={headline && key === 'toolCallAccuracy'} />
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

const MODE_COLUMNS = ['toolPrecision', 'toolRecall', 'toolF1', 'parameterMatch', 'toolCallAccuracy'] as const;
/** Short headers, so the table fits beside the findings; the full name is on hover. */
const SHORT: Record<(typeof MODE_COLUMNS)[number], string> = { toolPrecision: 'Tool P', toolRecall: 'Tool R', toolF1: 'Tool F1', parameterMatch: 'Params', toolCallAccuracy: 'TCA' };

/** The figures of each scoring mode the dataset declares, one row each, naming its mode and what it left out. */
function ModeTable({ modes, headline }: { modes: ModeFigures[]; headline: string | null }) {
  const cell = { py: 0.4, px: 1, fontSize: 12.5, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
  return (
    <Box sx={{ mt: 1, overflowX: 'auto' }} data-testid="trace-modes">
    <Table size="small" aria-label="Trace scores by scoring mode" sx={{ '& th': { ...cell, color: 'text.secondary', fontWeight: 600 }, '& td': cell }}>
      <TableHead>
        <TableRow>
          <TableCell>Scoring mode</TableCell>
          {MODE_COLUMNS.map((key) => (
            <TableCell key={key} align="right">
              <Tooltip title={`${metricLabel(key)}: ${MEANING[key] ?? ''}`}>
                <span>{SHORT[key]}</span>
              </Tooltip>
            </TableCell>
          ))}
          <TableCell>Exact</TableCell>
          <TableCell>
            <Tooltip title="Actual calls the mode counts: failed attempts the agent retried, and in the state-changing mode calls of read-only tools, are left out">
              <span>Counted</span>
            </Tooltip>
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {modes.map((figures) => {
          const left = [figures.retries > 0 ? `${figures.retries} retried` : '', figures.readOnlyCalls > 0 ? `${figures.readOnlyCalls} read-only` : ''].filter(Boolean);
          return (
            <TableRow key={figures.mode} data-testid="trace-mode" data-mode={figures.mode}>
              <TableCell sx={{ fontWeight: 600, whiteSpace: 'normal !important', minWidth: 120, maxWidth: 150 }}>{scoringModeLabel(figures.mode)}</TableCell>
              {MODE_COLUMNS.map((key) => (
                <TableCell key={key} align="right" sx={figures.mode === headline && key === 'toolCallAccuracy' ? { fontWeight: '750 !important', fontSize: '14px !important' } : undefined} data-headline={figures.mode === headline && key === 'toolCallAccuracy' ? true : undefined}>
                  {formatMetricValue(key, figures[key])}
                </TableCell>
              ))}
              <TableCell>{figures.traceExactMatch ? 'yes' : 'no'}</TableCell>
              {/* What was left out goes under the count, wrapping as it must: on one line it pushed the table past a 1280-px window's viewer. */}
              <TableCell sx={{ whiteSpace: 'normal !important', minWidth: 110 }}>
                {figures.actualCalls}
                {left.length > 0 && (
                  <Typography component="span" sx={{ display: 'block', fontSize: 11.5, lineHeight: 1.35, color: 'text.secondary' }}>
                    {` (${left.join(', ')} left out)`}
                  </Typography>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
    </Box>
  );
}
