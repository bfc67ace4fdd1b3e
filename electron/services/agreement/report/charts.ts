import type { CategoryAgreement, ConfusionMatrix, Interval } from '../../../api/contract';
import { coef, count, percent } from '../../../common/numberFormat';
import { COLORS, esc, fit, heat, n, textWidth } from './svg';

const FONT = `font-family="Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"`;

/**
 * A confusion matrix as an SVG heatmap: rows are the first rater's levels, columns the
 * second's, cell shade ∝ count, the agreement diagonal outlined, row and column totals in the
 * margins. Every level of the universe is drawn, used or not.
 */
export function confusionHeatmapSvg(matrix: ConfusionMatrix, labels: readonly string[]): string {
  const k = matrix.levels.length;
  const cell = k <= 4 ? 56 : k <= 7 ? 42 : 34;
  const rowLabelWidth = Math.min(150, Math.max(...labels.map((l) => textWidth(l)), 30) + 12);
  const rotated = labels.some((l) => textWidth(l) > cell - 6);
  const colLabelHeight = rotated ? Math.min(120, Math.max(...labels.map((l) => textWidth(l))) * 0.72 + 16) : 20;
  const left = 22 + rowLabelWidth;
  const top = 22 + colLabelHeight;
  const grid = cell * k;
  const width = left + grid + cell + 8;
  const height = top + grid + cell + 8;
  const max = Math.max(1, ...matrix.counts.flat());
  const rowTotals = matrix.counts.map((row) => row.reduce((a, b) => a + b, 0));
  const colTotals = matrix.levels.map((_, j) => matrix.counts.reduce((sum, row) => sum + row[j], 0));
  const total = rowTotals.reduce((a, b) => a + b, 0);
  const parts: string[] = [];
  parts.push(
    `<text x="${n(left + grid / 2)}" y="12" text-anchor="middle" font-size="11" font-weight="600" fill="${COLORS.muted}">${esc(matrix.columnRater)} →</text>`,
    `<text transform="translate(11 ${n(top + grid / 2)}) rotate(-90)" text-anchor="middle" font-size="11" font-weight="600" fill="${COLORS.muted}">${esc(matrix.rowRater)} →</text>`,
  );
  labels.forEach((label, j) => {
    const x = left + j * cell + cell / 2;
    parts.push(
      rotated
        ? `<text transform="translate(${n(x + 3)} ${n(top - 6)}) rotate(-45)" font-size="11" fill="${COLORS.ink}">${esc(fit(label, 150))}</text>`
        : `<text x="${n(x)}" y="${n(top - 7)}" text-anchor="middle" font-size="11" fill="${COLORS.ink}">${esc(label)}</text>`,
    );
  });
  labels.forEach((label, i) => {
    parts.push(`<text x="${n(left - 8)}" y="${n(top + i * cell + cell / 2 + 4)}" text-anchor="end" font-size="11" fill="${COLORS.ink}">${esc(fit(label, rowLabelWidth - 12))}</text>`);
  });
  matrix.counts.forEach((row, i) =>
    row.forEach((value, j) => {
      const x = left + j * cell;
      const y = top + i * cell;
      const t = value / max;
      parts.push(`<rect x="${n(x)}" y="${n(y)}" width="${cell}" height="${cell}" fill="${heat(t)}" stroke="${COLORS.rule}" stroke-width="1"/>`);
      if (value > 0) {
        parts.push(
          `<text x="${n(x + cell / 2)}" y="${n(y + cell / 2 + 4)}" text-anchor="middle" font-size="12" font-weight="${i === j ? 700 : 500}" fill="${t > 0.55 ? '#ffffff' : COLORS.ink}">${count(value)}</text>`,
        );
      }
    }),
  );
  for (let i = 0; i < k; i++) {
    parts.push(`<rect x="${n(left + i * cell + 1)}" y="${n(top + i * cell + 1)}" width="${cell - 2}" height="${cell - 2}" fill="none" stroke="${COLORS.ink}" stroke-width="1.5"/>`);
  }
  // Margins: row totals on the right, column totals below, the grand total in the corner.
  rowTotals.forEach((value, i) =>
    parts.push(`<text x="${n(left + grid + cell / 2)}" y="${n(top + i * cell + cell / 2 + 4)}" text-anchor="middle" font-size="11" fill="${COLORS.muted}">${count(value)}</text>`),
  );
  colTotals.forEach((value, j) =>
    parts.push(`<text x="${n(left + j * cell + cell / 2)}" y="${n(top + grid + cell / 2 + 4)}" text-anchor="middle" font-size="11" fill="${COLORS.muted}">${count(value)}</text>`),
  );
  parts.push(
    `<text x="${n(left + grid + cell / 2)}" y="${n(top + grid + cell / 2 + 4)}" text-anchor="middle" font-size="11" font-weight="700" fill="${COLORS.muted}">${count(total)}</text>`,
    `<line x1="${n(left + grid + 4)}" y1="${n(top)}" x2="${n(left + grid + 4)}" y2="${n(top + grid + cell - 8)}" stroke="${COLORS.rule}"/>`,
    `<line x1="${n(left)}" y1="${n(top + grid + 4)}" x2="${n(left + grid + cell - 8)}" y2="${n(top + grid + 4)}" stroke="${COLORS.rule}"/>`,
  );
  const title = `Confusion matrix: ${matrix.rowRater} (rows) × ${matrix.columnRater} (columns), ${count(total)} units`;
  return svg(width, height, title, parts);
}

/** One bar of {@link kappaBarsSvg}. */
export interface KappaBar {
  label: string;
  value: number | null;
  ci95?: Interval | null;
  /** Shown in grey after the label, e.g. the category's prevalence. */
  note?: string;
}

/**
 * Horizontal bars of κ-type coefficients on a common axis (−0.2 or lower … 1) with the
 * Landis–Koch cut points as gridlines, optional 95% interval whiskers, and the value printed
 * at the end of each bar; an undefined coefficient is written "undefined", not drawn as 0.
 */
export function kappaBarsSvg(bars: readonly KappaBar[], caption: string): string {
  const rowHeight = 26;
  const labels = bars.map((b) => (b.note ? `${b.label}  ${b.note}` : b.label));
  const labelWidth = Math.min(230, Math.max(60, ...labels.map((l) => textWidth(l))) + 14);
  const plotWidth = 320;
  const lows = bars.flatMap((b) => [b.value ?? 0, b.ci95?.[0] ?? 0]);
  const min = Math.min(-0.2, Math.floor(Math.min(...lows) * 5) / 5);
  const x = (v: number) => labelWidth + ((v - min) / (1 - min)) * plotWidth;
  const top = 8;
  const height = top + bars.length * rowHeight + 34;
  const width = labelWidth + plotWidth + 64;
  const parts: string[] = [];
  for (let tick = Math.ceil(min * 5) / 5; tick <= 1.0001; tick += 0.2) {
    const t = Math.round(tick * 10) / 10;
    parts.push(
      `<line x1="${n(x(t))}" y1="${top}" x2="${n(x(t))}" y2="${n(top + bars.length * rowHeight)}" stroke="${t === 0 ? COLORS.faint : COLORS.rule}" stroke-width="1"/>`,
      `<text x="${n(x(t))}" y="${n(top + bars.length * rowHeight + 14)}" text-anchor="middle" font-size="10" fill="${COLORS.muted}">${coef(t).replace(/0+$/, '').replace(/\.$/, '')}</text>`,
    );
  }
  bars.forEach((bar, i) => {
    const y = top + i * rowHeight;
    const mid = y + rowHeight / 2;
    parts.push(`<text x="${n(labelWidth - 10)}" y="${n(mid + 4)}" text-anchor="end" font-size="11" fill="${COLORS.ink}">${esc(fit(bar.label, labelWidth - 14 - (bar.note ? textWidth(bar.note) + 6 : 0)))}${bar.note ? `<tspan fill="${COLORS.faint}"> ${esc(bar.note)}</tspan>` : ''}</text>`);
    if (bar.value === null) {
      parts.push(`<text x="${n(x(0) + 6)}" y="${n(mid + 4)}" font-size="11" font-style="italic" fill="${COLORS.faint}">undefined</text>`);
      return;
    }
    const from = Math.min(x(0), x(bar.value));
    const widthBar = Math.max(1, Math.abs(x(bar.value) - x(0)));
    parts.push(`<rect x="${n(from)}" y="${n(mid - 7)}" width="${n(widthBar)}" height="14" rx="2" fill="${bar.value < 0 ? COLORS.negative : COLORS.accent}" fill-opacity="0.85"/>`);
    if (bar.ci95) {
      const [lo, hi] = bar.ci95;
      parts.push(
        `<line x1="${n(x(lo))}" y1="${n(mid)}" x2="${n(x(Math.min(hi, 1)))}" y2="${n(mid)}" stroke="${COLORS.ink}" stroke-width="1.2"/>`,
        `<line x1="${n(x(lo))}" y1="${n(mid - 5)}" x2="${n(x(lo))}" y2="${n(mid + 5)}" stroke="${COLORS.ink}" stroke-width="1.2"/>`,
        `<line x1="${n(x(Math.min(hi, 1)))}" y1="${n(mid - 5)}" x2="${n(x(Math.min(hi, 1)))}" y2="${n(mid + 5)}" stroke="${COLORS.ink}" stroke-width="1.2"/>`,
      );
    }
    const end = Math.max(x(bar.value), bar.ci95 ? x(Math.min(bar.ci95[1], 1)) : 0, x(0));
    parts.push(`<text x="${n(end + 6)}" y="${n(mid + 4)}" font-size="11" font-weight="600" fill="${COLORS.ink}">${coef(bar.value)}</text>`);
  });
  parts.push(`<text x="${n(x(min) + plotWidth / 2)}" y="${n(height - 4)}" text-anchor="middle" font-size="10" fill="${COLORS.muted}">${esc(caption)}</text>`);
  return svg(width, height, caption, parts);
}

/** One question of {@link forestPlotSvg}. */
export interface ForestRow {
  label: string;
  statistic: string;
  value: number | null;
  normal: Interval | null;
  bootstrap: Interval | null;
}

const BANDS: { from: number; to: number; name: string }[] = [
  { from: 0, to: 0.2, name: 'slight' },
  { from: 0.2, to: 0.4, name: 'fair' },
  { from: 0.4, to: 0.6, name: 'moderate' },
  { from: 0.6, to: 0.8, name: 'substantial' },
  { from: 0.8, to: 1, name: 'almost perfect' },
];

/**
 * The summary figure: each question's headline κ (or α: `symbol`, see `headlineSymbol`) as a
 * square, its bootstrap 95% interval as a thick line and its normal interval as a thin one, over
 * the Landis–Koch bands.
 */
export function forestPlotSvg(rows: readonly ForestRow[], symbol = 'κ'): string {
  const rowHeight = 32;
  const labelWidth = Math.min(260, Math.max(80, ...rows.map((r) => textWidth(r.label))) + 16);
  const plotWidth = 540;
  const lows = rows.flatMap((r) => [r.value ?? 0, r.normal?.[0] ?? 0, r.bootstrap?.[0] ?? 0]);
  const min = Math.min(-0.2, Math.floor(Math.min(...lows) * 5) / 5);
  const x = (v: number) => labelWidth + ((Math.max(min, Math.min(1, v)) - min) / (1 - min)) * plotWidth;
  const top = 22;
  const bottom = top + rows.length * rowHeight;
  const width = labelWidth + plotWidth + 70;
  const height = bottom + 46;
  const parts: string[] = [];
  BANDS.forEach((band, i) => {
    parts.push(`<rect x="${n(x(band.from))}" y="${top}" width="${n(x(band.to) - x(band.from))}" height="${n(bottom - top)}" fill="${COLORS.bandFill[i % 2]}"/>`);
    parts.push(`<text x="${n((x(band.from) + x(band.to)) / 2)}" y="${top - 8}" text-anchor="middle" font-size="9.5" fill="${COLORS.faint}">${band.name}</text>`);
  });
  if (min < 0) {
    parts.push(`<rect x="${n(x(min))}" y="${top}" width="${n(x(0) - x(min))}" height="${n(bottom - top)}" fill="#fbf1f0"/>`);
    parts.push(`<text x="${n((x(min) + x(0)) / 2)}" y="${top - 8}" text-anchor="middle" font-size="9.5" fill="${COLORS.faint}">poor</text>`);
  }
  for (let tick = Math.ceil(min * 5) / 5; tick <= 1.0001; tick += 0.2) {
    const t = Math.round(tick * 10) / 10;
    parts.push(
      `<line x1="${n(x(t))}" y1="${top}" x2="${n(x(t))}" y2="${n(bottom)}" stroke="${t === 0 ? COLORS.faint : COLORS.rule}"/>`,
      `<text x="${n(x(t))}" y="${n(bottom + 14)}" text-anchor="middle" font-size="10" fill="${COLORS.muted}">${coef(t).replace(/0+$/, '').replace(/\.$/, '')}</text>`,
    );
  }
  rows.forEach((row, i) => {
    const mid = top + i * rowHeight + rowHeight / 2;
    parts.push(`<text x="${n(labelWidth - 10)}" y="${n(mid + 4)}" text-anchor="end" font-size="11" fill="${COLORS.ink}">${esc(fit(row.label, labelWidth - 14))}</text>`);
    if (row.value === null) {
      parts.push(`<text x="${n(x(0) + 6)}" y="${n(mid + 4)}" font-size="11" font-style="italic" fill="${COLORS.faint}">undefined</text>`);
      return;
    }
    // The normal interval runs just under the bootstrap one, so both stay visible where they overlap.
    if (row.normal) {
      const y = mid + 6;
      parts.push(
        `<line x1="${n(x(row.normal[0]))}" y1="${n(y)}" x2="${n(x(row.normal[1]))}" y2="${n(y)}" stroke="${COLORS.muted}" stroke-width="1"/>`,
        `<line x1="${n(x(row.normal[0]))}" y1="${n(y - 3)}" x2="${n(x(row.normal[0]))}" y2="${n(y + 3)}" stroke="${COLORS.muted}" stroke-width="1"/>`,
        `<line x1="${n(x(row.normal[1]))}" y1="${n(y - 3)}" x2="${n(x(row.normal[1]))}" y2="${n(y + 3)}" stroke="${COLORS.muted}" stroke-width="1"/>`,
      );
    }
    if (row.bootstrap) {
      parts.push(`<line x1="${n(x(row.bootstrap[0]))}" y1="${n(mid)}" x2="${n(x(row.bootstrap[1]))}" y2="${n(mid)}" stroke="${COLORS.accentDark}" stroke-width="3.5" stroke-linecap="round"/>`);
    }
    parts.push(`<rect x="${n(x(row.value) - 5)}" y="${n(mid - 5)}" width="10" height="10" fill="${COLORS.accent}" stroke="#ffffff" stroke-width="1.5"/>`);
    const end = Math.max(x(row.value), row.normal ? x(row.normal[1]) : 0, row.bootstrap ? x(row.bootstrap[1]) : 0);
    parts.push(`<text x="${n(end + 8)}" y="${n(mid + 4)}" font-size="11" font-weight="600" fill="${COLORS.ink}">${coef(row.value)}</text>`);
  });
  const legendY = bottom + 34;
  parts.push(
    `<rect x="${labelWidth}" y="${legendY - 8}" width="10" height="10" fill="${COLORS.accent}"/>`,
    `<text x="${labelWidth + 15}" y="${legendY + 1}" font-size="10" fill="${COLORS.muted}">${symbol}</text>`,
    `<line x1="${labelWidth + 36}" y1="${legendY - 3}" x2="${labelWidth + 60}" y2="${legendY - 3}" stroke="${COLORS.accentDark}" stroke-width="3.5" stroke-linecap="round"/>`,
    `<text x="${labelWidth + 66}" y="${legendY + 1}" font-size="10" fill="${COLORS.muted}">95% bootstrap interval</text>`,
    `<line x1="${labelWidth + 196}" y1="${legendY - 3}" x2="${labelWidth + 220}" y2="${legendY - 3}" stroke="${COLORS.muted}" stroke-width="1"/>`,
    `<text x="${labelWidth + 226}" y="${legendY + 1}" font-size="10" fill="${COLORS.muted}">95% normal interval</text>`,
  );
  return svg(width, height, `Headline ${symbol} per question with 95% intervals over the Landis–Koch bands`, parts);
}

/** Bars for a question's per-category (or per-tag) κ, with prevalence as the note. */
export function categoryBars(perCategory: readonly CategoryAgreement[]): KappaBar[] {
  return perCategory.map((c) => ({ label: c.label, value: c.value, ci95: c.ci95, note: c.prevalence === null ? undefined : percent(c.prevalence) }));
}

function svg(width: number, height: number, title: string, parts: string[]): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n(width)} ${n(height)}" width="${n(width)}" height="${n(height)}" role="img" aria-label="${esc(title)}" ${FONT}>` +
    `<title>${esc(title)}</title>${parts.join('')}</svg>`
  );
}
