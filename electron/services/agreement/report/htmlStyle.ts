/**
 * The HTML report's stylesheet, inlined in the page: the app's palette and type, tables in
 * the booktabs manner papers use (rules above and below the header and at the end, none
 * between rows), and print rules so the page prints as it reads.
 */
export const REPORT_CSS = `
:root { --ink:#1d2733; --muted:#5b6878; --faint:#8a96a5; --rule:#e1e5ea; --accent:#2f5d8a; --warn:#a15c00; --warn-bg:#fdf1dc; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: #f5f6f8; color: var(--ink); font: 14px/1.55 Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
main { max-width: 1280px; margin: 32px auto; padding: 40px 44px; background: #fff; border: 1px solid var(--rule); border-radius: 8px; }
header { border-bottom: 2px solid var(--ink); padding-bottom: 16px; margin-bottom: 28px; }
.eyebrow { margin: 0 0 4px; font-size: 11px; font-weight: 700; letter-spacing: .08em; text-transform: uppercase; color: var(--accent); }
h1 { margin: 0; font-size: 26px; letter-spacing: -.01em; }
h2 { margin: 36px 0 10px; font-size: 19px; padding-bottom: 4px; border-bottom: 1px solid var(--rule); }
h3 { margin: 22px 0 8px; font-size: 14px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); }
a { color: var(--accent); }
code { font: 12px "JetBrains Mono", Menlo, Consolas, monospace; background: #f3f5f8; padding: 1px 5px; border-radius: 4px; color: var(--muted); }
.meta { margin: 8px 0 0; color: var(--muted); }
.meta span + span::before { content: " · "; color: var(--faint); }
.lead { color: var(--muted); margin: 0 0 12px; max-width: 75ch; }
table { border-collapse: collapse; margin: 14px 0 6px; font-variant-numeric: tabular-nums; }
/*
 * A table wider than the card (a summary's many columns, long intervals) scrolls sideways inside
 * it instead of running past its edge; a shadow on the side with more to see says so.
 */
table { display: block; max-width: 100%; overflow-x: auto;
  background: linear-gradient(to right, #fff 30%, rgba(255,255,255,0)) left / 32px 100% no-repeat local, linear-gradient(to left, #fff 30%, rgba(255,255,255,0)) right / 32px 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgba(29,39,51,.16), transparent) left / 10px 100% no-repeat scroll, radial-gradient(farthest-side at 100% 50%, rgba(29,39,51,.16), transparent) right / 10px 100% no-repeat scroll; }
thead th { border-top: 1.5px solid var(--ink); border-bottom: 1px solid var(--ink); font-weight: 600; font-size: 12px; color: var(--muted); text-align: left; padding: 6px 10px; vertical-align: bottom; }
tbody td { padding: 5px 10px; border: 0; vertical-align: top; }
tbody tr:last-child td { border-bottom: 1.5px solid var(--ink); }
td.num, th.num { text-align: right; white-space: nowrap; }
td.dim { color: var(--faint); }
caption { caption-side: top; text-align: left; font-size: 12px; color: var(--muted); padding-bottom: 6px; }
.wide { width: 100%; }
table.summary td { padding-top: 8px; padding-bottom: 8px; }
table.summary td:first-child { min-width: 220px; }
table.summary th, table.summary td { padding-left: 8px; padding-right: 8px; }
a.warn { text-decoration: none; margin-left: 1px; }
table.summary small { font-size: 11.5px; }
table.summary small code { font-size: 11px; padding: 0 4px; }
td small.dim, td .dim { color: var(--faint); }
.band { display: inline-block; padding: 0 7px; border-radius: 9px; font-size: 11.5px; font-weight: 600; background: #e8eff6; color: #214566; white-space: nowrap; }
.band.poor, .band.slight { background: #fbeaea; color: #8c1d18; }
.band.fair { background: #fdf1dc; color: #7a4500; }
.band.moderate { background: #eef2f6; color: #3d4a59; }
.band.almost-perfect { background: #e7f4ec; color: #1f5e39; }
.band.neutral { background: #f0f0f0; color: #4a4a4a; font-weight: 500; }
.warn { color: var(--warn); font-size: 11px; font-weight: 700; vertical-align: super; }
.warnings { margin: 10px 0; padding: 10px 14px; background: var(--warn-bg); border-left: 3px solid var(--warn); border-radius: 4px; font-size: 13px; }
.warnings p { margin: 4px 0; }
figure { margin: 14px 0; }
figcaption { font-size: 12px; color: var(--muted); margin-top: 4px; max-width: 80ch; }
.figures { display: flex; flex-wrap: wrap; gap: 12px 28px; align-items: flex-start; }
.figures figure { max-width: 100%; }
figure svg { max-width: 100%; height: auto; }
.methods li { margin: 4px 0; max-width: 90ch; }
.matrix td.cell { text-align: center; min-width: 74px; }
tr.stand-out td { background: var(--warn-bg); }
tr.stand-out td:first-child { font-weight: 600; color: var(--warn); }
.matrix td.cell small { display: block; color: var(--faint); font-size: 10.5px; }
section.question { break-before: auto; }
footer { margin-top: 40px; padding-top: 12px; border-top: 1px solid var(--rule); font-size: 12px; color: var(--faint); }
@media print {
  body { background: #fff; }
  main { margin: 0; padding: 0; border: 0; max-width: none; }
  section.question { break-before: page; }
  table, figure { break-inside: avoid; }
  table { display: table; overflow: visible; background: none; }
}
`;
