import { Box, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import type { QuestionAgreement } from '../../../../electron/api/contract';
import { percent } from '../../../../electron/common/numberFormat';

const num = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * Each rater's use of the categories (the marginals behind κ: a harsher annotator shows here
 * first) and, for scales with tiers such as plan quality's A+ / A / B, each rater's tier shares.
 */
export function RaterMarginsTables({ detail }: { detail: QuestionAgreement }) {
  const multilabel = detail.tags !== null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <Typography variant="h4" sx={{ mb: 1 }}>
          {multilabel ? 'Tags chosen per rater' : 'Categories used per rater'}
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          {/* Narrow padding and headings a word to a line: a 7-level scale's columns, Answered and N/A included, fit beside the rater matrix at 1280 px. */}
          <Table
            size="small"
            sx={{ width: 'auto', '& th, & td': { px: 0.75 }, '& thead th': { whiteSpace: 'normal', maxWidth: 80, fontSize: 12, lineHeight: 1.25, verticalAlign: 'bottom' } }}
            aria-label="Category use per rater"
          >
            <TableHead>
              <TableRow>
                <TableCell>Rater</TableCell>
                {detail.categories.map((c) => (
                  <TableCell key={c.name} sx={{ ...num, whiteSpace: 'normal' }}>
                    {c.label}
                  </TableCell>
                ))}
                <TableCell sx={num}>Answered</TableCell>
                <TableCell sx={num}>N/A</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {detail.distribution.map((d) => (
                <TableRow key={d.rater}>
                  <TableCell sx={{ fontWeight: 600 }}>{d.rater}</TableCell>
                  {d.counts.map((count, i) => (
                    <TableCell key={i} sx={{ ...num, color: count === 0 ? 'text.disabled' : undefined }}>
                      {count}
                    </TableCell>
                  ))}
                  <TableCell sx={num}>{d.answered}</TableCell>
                  <TableCell sx={num}>{d.notApplicable}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Box>
      {detail.tiers && (
        <Box data-testid="tier-shares">
          <Typography variant="h4" sx={{ mb: 1 }}>
            Tier shares per rater
          </Typography>
          <Table size="small" sx={{ width: 'auto' }} aria-label="Tier shares per rater">
            <TableHead>
              <TableRow>
                <TableCell>Rater</TableCell>
                {[...detail.tiers.tiers]
                  .sort((a, b) => b.minNumeric - a.minNumeric)
                  .map((t) => (
                    <TableCell key={t.name} sx={num}>
                      <Tooltip title={t.description}>
                        <span>{t.name}</span>
                      </Tooltip>
                    </TableCell>
                  ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {detail.tiers.raters.map((r) => (
                <TableRow key={r.rater}>
                  <TableCell sx={{ fontWeight: 600 }}>{r.rater}</TableCell>
                  {r.shares.map((s) => (
                    <TableCell key={s.tier} sx={num}>
                      <strong>{percent(s.share)}</strong>{' '}
                      <Typography component="span" variant="caption" color="text.secondary">
                        ({s.count}/{r.answered})
                      </Typography>
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Typography variant="caption" color="text.secondary">
            Tiers are cumulative: {detail.tiers.tiers.map((t) => `${t.name} = ${t.description}`).join('; ')}.
          </Typography>
        </Box>
      )}
    </Box>
  );
}
