import { Box, Chip, Link, Skeleton, Tooltip, Typography } from '@mui/material';
import OpenInNew from '@mui/icons-material/OpenInNew';
import type { PlanRecord } from '../../../../../electron/api/artifacts';
import { MONO_FONT } from '../../../theme/theme';
import type { GoldLinkState } from './usePlanGold';

interface Props {
  record: PlanRecord;
  gold: GoldLinkState;
}

/**
 * What the plan answers: the user's query and its flags (subjective, compound) and, for a
 * generated plan, the planner and prompt type, with a link to the query record it was made for.
 */
export function QueryHeader({ record, gold }: Props) {
  const linked = gold.link;
  const query = record.query ?? linked?.query ?? null;
  const subjective = record.subjective ?? linked?.subjective ?? null;
  const compound = record.compound ?? linked?.compound ?? null;
  const generated = record.source === 'generated-row';
  return (
    <Box data-testid="plan-query" sx={{ pb: 2, mb: 2, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 0.5 }}>
        <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.6 }}>
          Query
        </Typography>
        {generated && record.queryId !== null && (
          <Typography variant="body2" sx={{ fontFamily: MONO_FONT, fontSize: 12.5 }}>
            {linked ? (
              <Tooltip describeChild title={`Open the query record ${linked.externalId} (dataset ${linked.dataset})`}>
                <Link href={linked.link} underline="hover" data-testid="query-record-link" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}>
                  {record.queryId}
                  <OpenInNew sx={{ fontSize: 13 }} />
                </Link>
              </Tooltip>
            ) : (
              record.queryId
            )}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        {subjective !== null && <Flag on={subjective} onLabel="Subjective" offLabel="Objective" hint="Whether answering needs judgement over call content (subjective) or only facts in the data (objective)." />}
        {compound !== null && <Flag on={compound} onLabel="Compound" offLabel="Single question" hint="Whether the query asks several things at once." />}
      </Box>
      {query !== null ? (
        <Typography data-testid="plan-query-text" sx={{ fontSize: 17, fontWeight: 500, lineHeight: 1.45, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {query}
        </Typography>
      ) : gold.loading ? (
        <Skeleton width="70%" height={28} />
      ) : (
        <Typography variant="body2" color="text.secondary" data-testid="plan-query-missing">
          {generated
            ? `The query ${record.queryId ?? ''} is not in this workspace; import its query records to see the query and the gold plan.`
            : 'This record does not carry the query text.'}
          {gold.error ? ` (${gold.error})` : ''}
        </Typography>
      )}
      {generated && (
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mt: 1 }} data-testid="plan-planner">
          <Field label="Planner" value={record.llm} />
          <Field label="Prompt type" value={record.promptType} />
        </Box>
      )}
    </Box>
  );
}

function Flag({ on, onLabel, offLabel, hint }: { on: boolean; onLabel: string; offLabel: string; hint: string }) {
  return (
    <Tooltip describeChild title={hint}>
      <Chip
        size="small"
        label={on ? onLabel : offLabel}
        data-testid="query-flag"
        data-on={on}
        variant={on ? 'filled' : 'outlined'}
        sx={on ? { bgcolor: '#e8eff6', color: '#214566', fontWeight: 600 } : { color: 'text.secondary' }}
      />
    </Tooltip>
  );
}

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {label}{' '}
      <Box component="span" sx={{ color: 'text.primary', fontWeight: 600, fontFamily: MONO_FONT, fontSize: 12.5 }}>
        {value ?? '—'}
      </Box>
    </Typography>
  );
}
