import { Box, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { Link as RouterLink } from 'react-router';
import type { QuestionAgreementRow } from '../../../../electron/api/contract';
import { MONO_FONT } from '../../theme/theme';
import { headlineSymbol } from '../../../../electron/common/bandText';
import { intervalOr } from '../../../../electron/common/intervalText';
import { coef, percent } from '../../../../electron/common/numberFormat';
import { BandChip } from './BandChip';
import { ALPHA_CONVENTION } from './StatStrip';
import { IntervalGlyph } from './IntervalGlyph';
import { kindLabel } from './kindLabel';

interface Props {
  rows: QuestionAgreementRow[];
  /** Link of a question's drill-down. */
  hrefOf(question: string): string;
}

const num = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * One row per question, as a paper's Table 1: n, % agreement, the headline κ with both 95%
 * intervals drawn and written, its band, and the prevalence-robust figures beside it.
 */
export function QuestionSummaryTable({ rows, hrefOf }: Props) {
  const symbol = headlineSymbol(rows.map((row) => row.headline.statistic));
  // When α heads every row, a column of α beside it would repeat it under the same heading.
  const alphaColumn = symbol !== 'α';
  return (
    <TableContainer>
      {/* Cells padded 8 px a side: at 10 every column did not fit a 1280-px window (PABAK hid past its edge). */}
      <Table size="small" aria-label="Agreement per question" sx={{ '& th, & td': { px: 1 }, '& th:first-of-type, & td:first-of-type': { pl: 2 } }}>
        <TableHead>
          <TableRow>
            <TableCell>Question</TableCell>
            <TableCell sx={num}>
              <Tooltip title="Units rated by two or more raters">
                <span>n</span>
              </Tooltip>
            </TableCell>
            <TableCell sx={num}>
              <Tooltip title="Share of agreeing rater pairs per unit (identical tag sets for multilabel questions)">
                <span>% agreement</span>
              </Tooltip>
            </TableCell>
            <TableCell sx={num}>
              {/* Ordinal and interval questions with three or more raters are headed by α, not κ: each value is named under it. */}
              <Tooltip title="The headline coefficient, named under each value: weighted κ or Cohen's κ with two raters; with more, Krippendorff's α for ordinal and score questions, Fleiss' κ for the others">
                <span>{symbol}</span>
              </Tooltip>
            </TableCell>
            <TableCell>
              <Tooltip title="The estimate (square), its 95% bootstrap interval (thick) and normal interval (thin), on −0.2 … 1 with the Landis–Koch cut points">
                <span>Interval</span>
              </Tooltip>
            </TableCell>
            <TableCell sx={num}>
              95% CI
              <Typography variant="caption" component="div" color="text.secondary">
                normal · bootstrap
              </Typography>
            </TableCell>
            <TableCell>Band</TableCell>
            {alphaColumn && (
              <TableCell sx={num}>
                <Tooltip title="Krippendorff's α at the question's level of measurement">
                  <span>α</span>
                </Tooltip>
              </TableCell>
            )}
            <TableCell sx={num}>AC1</TableCell>
            <TableCell sx={num}>
              <Tooltip title="PABAK, and under it the prevalence index (a − d)/n and bias index (b − c)/n of Byrt, Bishop & Carlin (1993) for two raters on two levels: read κ beside them">
                <span>PABAK</span>
              </Tooltip>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.question} hover data-testid={`agreement-row-${row.question}`}>
              <TableCell sx={{ minWidth: 170 }}>
                <Link component={RouterLink} to={hrefOf(row.question)} underline="hover" sx={{ fontWeight: 600 }}>
                  {row.title}
                </Link>
                {/* Beside the title, not in a column of its own: that column fell past the edge of a 1280-px window. */}
                {row.warnings.length > 0 && (
                  <Tooltip title={<Box component="ul" sx={{ m: 0, pl: 2 }}>{row.warnings.map((w, i) => <li key={i}>{w.message}</li>)}</Box>}>
                    <WarningAmberOutlined
                      fontSize="small"
                      color="warning"
                      sx={{ ml: 0.5, verticalAlign: 'text-bottom' }}
                      aria-label={`${row.warnings.length} warning${row.warnings.length === 1 ? '' : 's'}`}
                      data-testid="row-warnings"
                    />
                  </Tooltip>
                )}
                <Typography variant="caption" component="div" color="text.secondary">
                  <Box component="span" sx={{ fontFamily: MONO_FONT, fontSize: 11.5 }}>
                    {row.question}
                  </Box>{' '}
                  · {kindLabel(row)}
                </Typography>
              </TableCell>
              <TableCell sx={num}>{row.pairableUnits}</TableCell>
              <TableCell sx={num}>{percent(row.percentAgreement)}</TableCell>
              <TableCell sx={num}>
                <Typography component="div" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }} data-testid="headline-kappa">
                  {coef(row.headline.value)}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'normal', maxWidth: 118, ml: 'auto', lineHeight: 1.3 }}>
                  {row.headline.label}
                </Typography>
                {row.beside && (
                  <Typography
                    variant="caption"
                    component="div"
                    sx={{ whiteSpace: 'normal', maxWidth: 118, ml: 'auto', lineHeight: 1.3, color: '#8a4b00', fontVariantNumeric: 'tabular-nums' }}
                    title={`${row.beside.revisedLabels} label(s) of this question were changed after the lead opened the task for discussion; the figure above is on the ${row.beside.labels === 'revised' ? 'original' : 'revised'} labels`}
                    data-testid="beside-kappa"
                  >
                    {row.beside.labels === 'revised' ? 'After discussion' : 'Originals'}: {coef(row.beside.value)} · {percent(row.beside.percentAgreement)}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <IntervalGlyph value={row.headline.value} normal={row.headline.ci95Normal} bootstrap={row.headline.ci95Bootstrap} label={`${row.headline.label} ${coef(row.headline.value)} with its intervals`} />
              </TableCell>
              <TableCell sx={num}>
                <Typography variant="body2" component="div" sx={{ fontVariantNumeric: 'tabular-nums' }} title={row.headline.ciNormalNote ?? 'Wald interval on Fisher’s z'}>
                  {intervalOr(row.headline.ci95Normal, row.headline.ciNormalNote)}
                </Typography>
                <Typography variant="body2" component="div" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }} title={row.headline.ciBootstrapNote ?? 'percentile bootstrap'}>
                  {intervalOr(row.headline.ci95Bootstrap, row.headline.ciBootstrapNote)}
                </Typography>
              </TableCell>
              <TableCell>
                <BandChip judgement={row.headline.judgement} evidence={`judged on the ${row.headline.ci95Bootstrap ? 'bootstrap' : 'normal'} 95% interval, n = ${row.headline.n}`} />
                {row.headline.statistic.startsWith('krippendorffAlpha.') && (
                  // Krippendorff's own reading of α, as the question page gives it beside the band.
                  <Typography variant="caption" component="div" color="text.secondary" sx={{ mt: 0.5, lineHeight: 1.3, maxWidth: 150 }} title={ALPHA_CONVENTION} data-testid="alpha-reading">
                    ≥ .800 reliable, ≥ .667 tentative (Krippendorff)
                  </Typography>
                )}
              </TableCell>
              {alphaColumn && <TableCell sx={num}>{row.alpha ? coef(row.alpha.value) : '—'}</TableCell>}
              <TableCell sx={num}>{coef(row.gwetAC1)}</TableCell>
              <TableCell sx={num}>
                {coef(row.pabak)}
                {row.prevalenceIndex != null && (
                  // One index a line: side by side they made the column too wide for a 1280-px window.
                  <Typography variant="caption" color="text.secondary" component="div" data-testid="prevalence-bias-index" sx={{ lineHeight: 1.35 }}>
                    <div>PI {coef(row.prevalenceIndex)}</div>
                    <div>BI {coef(row.biasIndex)}</div>
                  </Typography>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
