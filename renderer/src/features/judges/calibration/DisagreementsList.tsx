import { Box, Button, Chip, Link, Paper, Typography } from '@mui/material';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { CalibrationDisagreement } from '../../../../../electron/api/contract';
import { formatCount } from '../../../common/format';
import { MONO_FONT } from '../../../theme/theme';
import { unitHref, unitTitle } from './calibrationFigures';

interface Props {
  disagreements: CalibrationDisagreement[];
  total: number;
  annotators: string[];
  itemIds: Record<string, number>;
  reference: 'gold' | 'humans';
}

/**
 * Where the judge and the reference differ, one row per unit: the judge's answer and rationale
 * next to gold's and every annotator's, the unit one click from its item.
 */
export function DisagreementsList({ disagreements, total, annotators, itemIds, reference }: Props) {
  const hasGold = disagreements.some((d) => d.gold !== null);
  const columns = ['Judge', ...(hasGold ? ['Gold'] : []), ...annotators];
  const grid = `170px repeat(${columns.length}, minmax(0, 1fr))`;
  if (disagreements.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        The judge agrees with {reference === 'gold' ? 'gold' : 'the annotators'} on every unit.
      </Typography>
    );
  }
  return (
    <Box data-testid="disagreements">
      <Box sx={{ display: 'grid', gridTemplateColumns: grid, gap: 2, px: 1.5, pb: 0.75 }}>
        <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
          Unit
        </Typography>
        {columns.map((c) => (
          <Typography key={c} variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
            {c}
          </Typography>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {disagreements.map((d) => {
          const href = unitHref(d.unit, itemIds);
          const gold = d.gold?.value ?? null;
          const byRater = new Map(d.humans.map((h) => [h.rater, h]));
          return (
            <Paper key={d.unit} variant="outlined" data-testid="disagreement" data-unit={d.unit} sx={{ display: 'grid', gridTemplateColumns: grid, gap: 2, p: 1.5 }}>
              <Box sx={{ minWidth: 0 }}>
                {href ? (
                  <Link component={RouterLink} to={href} underline="hover" sx={{ fontFamily: MONO_FONT, fontSize: 12.5, fontWeight: 600, display: 'inline-flex', alignItems: 'center', gap: 0.5, wordBreak: 'break-all' }}>
                    {unitTitle(d.unit)}
                    <OpenInNewOutlined sx={{ fontSize: 13 }} />
                  </Link>
                ) : (
                  <Typography sx={{ fontFamily: MONO_FONT, fontSize: 12.5, fontWeight: 600, wordBreak: 'break-all' }}>{unitTitle(d.unit)}</Typography>
                )}
              </Box>
              <Answer value={d.judge.value} rationale={d.judge.rationale} tone="judge" testId="disagreement-judge" />
              {hasGold && <Answer value={d.gold?.value ?? null} rationale={d.gold?.rationale ?? null} tone="gold" missing={d.gold === null} />}
              {annotators.map((name) => {
                const h = byRater.get(name);
                return <Answer key={name} value={h?.value ?? null} rationale={h?.rationale ?? null} tone={h && gold !== null && h.value === gold ? 'agrees' : 'human'} missing={!h} />;
              })}
            </Paper>
          );
        })}
      </Box>
      {total > disagreements.length && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          Showing the first {formatCount(disagreements.length)} of {formatCount(total)} disagreements, in unit order.
        </Typography>
      )}
    </Box>
  );
}

const TONE = {
  judge: { color: 'warning', variant: 'outlined' },
  gold: { color: 'secondary', variant: 'filled' },
  agrees: { color: 'success', variant: 'outlined' },
  human: { color: 'default', variant: 'outlined' },
} as const;

function Answer({ value, rationale, tone, missing, testId }: { value: string | null; rationale: string | null; tone: keyof typeof TONE; missing?: boolean; testId?: string }) {
  const [open, setOpen] = useState(false);
  const long = (rationale?.length ?? 0) > 240;
  if (missing) {
    return (
      <Typography variant="body2" color="text.disabled">
        not labelled
      </Typography>
    );
  }
  return (
    <Box sx={{ minWidth: 0 }} data-testid={testId}>
      <Chip size="small" label={value ?? 'N/A'} color={TONE[tone].color} variant={TONE[tone].variant} sx={{ mb: 0.5, maxWidth: '100%' }} />
      {rationale && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 13, lineHeight: 1.45, ...(long && !open ? { display: '-webkit-box', WebkitLineClamp: 4, WebkitBoxOrient: 'vertical', overflow: 'hidden' } : {}) }}
        >
          {rationale}
        </Typography>
      )}
      {long && (
        <Button size="small" onClick={() => setOpen((o) => !o)} sx={{ px: 0, minWidth: 0, mt: 0.25 }}>
          {open ? 'less' : 'more'}
        </Button>
      )}
    </Box>
  );
}
