import { Alert, Box, Breadcrumbs, Link, Paper, Snackbar, Typography } from '@mui/material';
import { useRef } from 'react';
import { earlierVersionWarning } from '../../../../electron/common/earlierVersion';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../common/PageHeader';
import { MONO_FONT } from '../../theme/theme';
import { kindLabel } from './kindLabel';
import type { AgreementSelectionInfo } from '../../../../electron/api/contract';
import { formatCount } from '../../common/format';
import { AgreementFilterBar } from './AgreementFilterBar';
import { AgreementProgress } from './AgreementProgress';
import { selectionSearch } from './agreementParams';
import { ExportMenu } from './ExportMenu';
import { MethodsPanel } from './MethodsPanel';
import { QuestionDrilldown } from './QuestionDrilldown';
import { QuestionSummaryTable } from './QuestionSummaryTable';
import { RequireAgreementAccess } from './RequireAgreementAccess';
import { useAgreementExport } from './useAgreementExport';
import { useAgreementFilters } from './useAgreementFilters';
import { useAgreementRoute } from './useAgreementRoute';
import { useQuestionAgreement, useTaskAgreement } from './useTaskAgreement';
import { VisibleName } from '../../common/VisibleName';
import { ratersText } from './ratersText';
import { judgeSwitchText } from './judgeSwitch';

/**
 * `#/agreement/:taskId` — a task's agreement, one row per question — and
 * `#/agreement/:taskId/:question` — that question's drill-downs. The selection (dataset,
 * metadata, judges) lives in the query, so every view is a link. Adjudicators and leads only.
 */
export default function AgreementDashboardPage() {
  return (
    <RequireAgreementAccess>
      <Dashboard />
    </RequireAgreementAccess>
  );
}

function Dashboard() {
  const { taskId, question, state, update } = useAgreementRoute();
  const filters = useAgreementFilters(taskId);
  const summary = useTaskAgreement(question === null ? taskId : null, state);
  const detail = useQuestionAgreement(taskId, question, state);
  const exporter = useAgreementExport(taskId, state);
  const base = `/agreement/${taskId}`;
  const search = selectionSearch(state);
  const data = question === null ? summary.data : detail.data;
  const loading = question === null ? summary.loading : detail.loading;
  const judgeNotice = judgeSwitchText(question === null ? (summary.data?.questions ?? []) : detail.data ? [detail.data.row] : []);
  const error = question === null ? summary.error : detail.error;
  const selection = data?.selection;
  // The judge runs to choose from: kept while the figures are recomputed, so the picker stays put.
  const lastJudgeRaters = useRef<string[]>([]);
  if (selection?.judgeRaters) lastJudgeRaters.current = selection.judgeRaters;
  const judgeRaters = state.includeJudges ? (selection?.judgeRaters ?? lastJudgeRaters.current) : [];
  const taskName = filters.task?.name ?? data?.task.name ?? `task ${taskId}`;

  if (taskId === null) return <Alert severity="error" sx={{ m: 3 }}>No such task.</Alert>;
  return (
    <Box sx={{ p: 3, maxWidth: 1500 }}>
      <Breadcrumbs sx={{ mb: 0.5, fontSize: 13 }} aria-label="Breadcrumb">
        <Link component={RouterLink} to="/agreement" underline="hover" color="inherit">
          Agreement
        </Link>
        {question === null ? (
          <Typography sx={{ fontSize: 13 }} color="text.primary">
            <VisibleName name={taskName} />
          </Typography>
        ) : (
          <Link component={RouterLink} to={`${base}${search}`} underline="hover" color="inherit">
            <VisibleName name={taskName} />
          </Link>
        )}
        {question !== null && (
          <Typography sx={{ fontSize: 13 }} color="text.primary">
            {detail.data?.row.title ?? question}
          </Typography>
        )}
      </Breadcrumbs>
      <PageHeader
        title={
          question === null ? (
            <>
              Agreement · <VisibleName name={taskName} />
            </>
          ) : (
            <span data-testid="question-title">
              {detail.data?.row.title ?? question}{' '}
              <Box component="span" sx={{ fontFamily: MONO_FONT, fontSize: 15, fontWeight: 400, color: 'text.secondary' }}>
                {question}
              </Box>
            </span>
          )
        }
        summary={
          selection && data
            ? summaryLine('raters' in data ? data.task.schemaTitle : `${kindLabel(data.row)} · ${taskName}`, selection, 'raters' in data ? data.raters : data.row.raters)
            : undefined
        }
        actions={<ExportMenu busy={exporter.busy} onExport={(format) => void exporter.exportReport(format)} />}
      />
      <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }}>
        <AgreementFilterBar
          filter={state.filter}
          includeJudges={state.includeJudges}
          datasets={filters.datasets}
          metadataFields={filters.metadataFields}
          onFilter={(filter) => update({ filter })}
          onIncludeJudges={(includeJudges) => update({ includeJudges, judges: null })}
          judgeRaters={judgeRaters}
          judges={state.judges}
          onJudges={(judges) => update({ judges })}
        />
      </Paper>
      {selection && selection.earlierVersionLabels > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="earlier-version-warning">
          {earlierVersionWarning(selection.earlierVersionLabels)} (a re-import changed it since): counted as given, not left out, until{' '}
          {selection.earlierVersionLabels === 1 ? 'its rater checks and saves it' : 'their raters check and save them'} again.
        </Alert>
      )}
      {state.includeJudges && judgeNotice && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="judge-switch-notice">
          {judgeNotice}
        </Alert>
      )}
      {filters.taskError && <Alert severity="error">{filters.taskError}</Alert>}
      {error && <Alert severity="error">{error}</Alert>}
      {loading && <AgreementProgress progress={question === null ? summary.progress : detail.progress} label="Computing agreement" />}
      {question === null && summary.data && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Paper variant="outlined">
            <QuestionSummaryTable rows={summary.data.questions} hrefOf={(q) => `${base}/${encodeURIComponent(q)}${search}`} />
          </Paper>
          {summary.data.skipped.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              Not analysed: {summary.data.skipped.map((s) => `${s.title} (${s.reason})`).join('; ')}.
            </Typography>
          )}
          <MethodsPanel methods={summary.data.methods} />
        </Box>
      )}
      {question !== null && detail.data && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <QuestionDrilldown detail={detail.data} state={state} onChange={update} />
          <MethodsPanel methods={detail.data.methods} />
        </Box>
      )}
      <Snackbar open={exporter.error !== null} autoHideDuration={8000} onClose={exporter.clearError}>
        <Alert severity="error" onClose={exporter.clearError}>
          Export failed: {exporter.error}
        </Alert>
      </Snackbar>
    </Box>
  );
}

/** "Plan review · all 30 items · raters ana, ben", or "… · domain = telecom: 10 of 30 items · …". */
function summaryLine(schemaTitle: string, selection: AgreementSelectionInfo, raters: string[]): string {
  const items =
    selection.description === 'all items'
      ? `all ${formatCount(selection.taskItems)} items`
      : `${selection.description}: ${formatCount(selection.items)} of ${formatCount(selection.taskItems)} items`;
  // Issue 13: say which labels where some were revised after discussion.
  const labels =
    selection.revisedLabels > 0
      ? ` · ${selection.labels === 'original' ? 'original labels, as given before discussion' : 'labels as revised after discussion'} (${formatCount(selection.revisedLabels)} revised)`
      : '';
  return `${schemaTitle} · ${items} · ${ratersText(raters)}${labels}`;
}
