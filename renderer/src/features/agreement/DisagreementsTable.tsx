import { Box, Chip, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { AgreementCategory, DisagreeingUnit } from '../../../../electron/api/contract';
import { MONO_FONT } from '../../theme/theme';
import { itemHref } from './agreementParams';
import { CROWD_RATERS } from '../../../../electron/common/raterList';
import { answerCounts, answerCountsSpoken, judgesAnswers } from '../../../../electron/common/answerCounts';
import { formatCount } from '../../common/format';
import { ScreenReaderText } from '../../common/ScreenReaderText';

interface Props {
  units: DisagreeingUnit[];
  total: number;
  raters: string[];
  categories: AgreementCategory[];
  multilabel: boolean;
}

/**
 * The units behind the disagreement figures, farthest apart first; each opens the item page
 * with the unit selected, so a reviewer can see what the raters were looking at.
 */
export function DisagreementsTable({ units, total, raters, categories, multilabel }: Props) {
  const labelOf = new Map(categories.map((c) => [c.name, c.label]));
  const show = (value: string | null) => {
    if (value === null) return <Typography variant="body2" color="text.disabled">—</Typography>;
    if (!multilabel) return labelOf.get(value) ?? value;
    const tags = value.split(';').filter(Boolean);
    if (tags.length === 0) return <Typography variant="body2" color="text.secondary">(no tag)</Typography>;
    return (
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        {tags.map((t) => (
          <Chip key={t} size="small" variant="outlined" label={labelOf.get(t) ?? t} />
        ))}
      </Box>
    );
  };
  /** An answer in words, for a screen reader: a level's label, a tag set's tags. */
  const say = (value: string) => {
    if (!multilabel) return labelOf.get(value) ?? value;
    const tags = value.split(';').filter(Boolean);
    return tags.length === 0 ? 'no tag' : tags.map((t) => labelOf.get(t) ?? t).join(' and ');
  };
  const perUnit = units.some((u) => u.unitKey !== '');
  // A crowd gets one column of answer counts (see CROWD_RATERS).
  const crowd = raters.length > CROWD_RATERS;
  if (total === 0) return <Typography color="text.secondary">The raters agree on every unit they both rated.</Typography>;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {total === units.length ? `${total} disagreeing unit${total === 1 ? '' : 's'}` : `The first ${units.length} of ${total} disagreeing units`}, largest spread first
        {multilabel ? ' (spread: tags that differ)' : ' (spread: level steps between the farthest answers)'}. Open one to see the item.
      </Typography>
      <TableContainer sx={{ maxHeight: 560 }}>
        <Table size="small" stickyHeader aria-label="Disagreeing units">
          <TableHead>
            <TableRow>
              <TableCell>Item</TableCell>
              {perUnit && <TableCell>Unit</TableCell>}
              {crowd ? (
                <TableCell>Answers of the {formatCount(raters.length)} raters</TableCell>
              ) : (
                raters.map((r) => <TableCell key={r}>{r}</TableCell>)
              )}
              <TableCell sx={{ textAlign: 'right' }}>Spread</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {units.map((u) => {
              const byRater = new Map(u.ratings.map((r) => [r.rater, r.value]));
              const counted = crowd ? answerCounts(u.ratings, { categories, multilabel }) : [];
              return (
                <TableRow key={u.unit} hover data-testid="disagreeing-unit">
                  <TableCell>
                    <Link component={RouterLink} to={itemHref(u.itemId, u.unitKey)} sx={{ fontFamily: MONO_FONT, fontSize: 13 }}>
                      {u.externalId}
                    </Link>
                    <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                      {u.dataset}
                    </Typography>
                  </TableCell>
                  {perUnit && <TableCell sx={{ fontFamily: MONO_FONT, fontSize: 13 }}>{u.unitKey || 'whole item'}</TableCell>}
                  {crowd ? (
                    <TableCell>
                      {/* Shown compact ("5 ×2"), read in words ("5: 2 raters"): a screen reader says "5 times 2". */}
                      <Box aria-hidden sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
                        {counted.map(({ value, count }) => (
                          <Box key={value} component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }} data-testid="answer-count">
                            {show(value)}
                            <Typography component="span" variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                              ×{formatCount(count)}
                            </Typography>
                          </Box>
                        ))}
                        {judgesAnswers(u.ratings).map((r) => (
                          <Box key={r.rater} component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }} data-testid="judge-answer">
                            {show(r.value)}
                            <Typography component="span" variant="caption" color="text.secondary">
                              {r.rater}
                            </Typography>
                          </Box>
                        ))}
                      </Box>
                      <ScreenReaderText>{answerCountsSpoken(counted, judgesAnswers(u.ratings), say)}</ScreenReaderText>
                    </TableCell>
                  ) : (
                    raters.map((r) => <TableCell key={r}>{show(byRater.get(r) ?? null)}</TableCell>)
                  )}
                  <TableCell sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{u.spread ?? '—'}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
