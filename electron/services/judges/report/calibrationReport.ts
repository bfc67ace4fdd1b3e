import type { CalibrationReport } from '../../../api/contract';
import { REPORT_CSS } from '../../agreement/report/htmlStyle';
import { esc } from '../../agreement/report/svg';
import { type Block, calibrationBlocks } from './calibrationBlocks';

/** Escapes a Markdown table cell: pipes would split it, newlines would end the row. */
const mdCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

/** The calibration report as Markdown: the same blocks as the HTML report. */
export function calibrationMarkdown(report: CalibrationReport): string {
  const lines: string[] = [];
  for (const b of calibrationBlocks(report)) {
    if (b.kind !== 'table') lines.push(b.kind === 'p' ? b.text : `${'#'.repeat(Number(b.kind[1]))} ${b.text}`, '');
    else {
      lines.push(`*${mdCell(b.caption)}*`, '');
      lines.push(`| ${b.head.map(mdCell).join(' | ')} |`, `|${b.numeric.map((n) => (n ? '--:' : '---')).join('|')}|`);
      for (const row of b.rows) lines.push(`| ${row.map(mdCell).join(' | ')} |`);
      lines.push('');
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function htmlBlock(b: Block): string {
  if (b.kind !== 'table') return b.kind === 'h1' ? `<header><p class="eyebrow">Judge calibration</p><h1>${esc(b.text)}</h1></header>` : `<${b.kind}>${esc(b.text)}</${b.kind}>`;
  const cls = (i: number) => (b.numeric[i] ? ' class="num"' : '');
  return `<table><caption>${esc(b.caption)}</caption><thead><tr>${b.head.map((h, i) => `<th${cls(i)}>${esc(h)}</th>`).join('')}</tr></thead><tbody>${b.rows
    .map((row) => `<tr>${row.map((c, i) => `<td${cls(i)}>${esc(c)}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

/** The calibration report as one self-contained HTML page (inline CSS, no script, no external resource). */
export function calibrationHtml(report: CalibrationReport): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Judge calibration — run ${report.run}, ${esc(report.task)}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<main>
${calibrationBlocks(report).map(htmlBlock).join('\n')}
</main>
</body>
</html>
`;
}
