import type { AgreementExport, ReportFormat } from '../../../api/contract';
import type { ServiceContext } from '../../context';
import { analyseTask, type AgreementArgs } from '../taskAgreement';
import { csvReport } from './csvReport';
import { DEFAULT_ALPHA_THRESHOLD, DEFAULT_GWET_VARIANCE } from '../../../core/stats';
import { htmlReport } from './htmlReport';
import { latexFromDocument } from './latexReport';
import { markdownReport } from './markdownReport';
import { reportDocument, type ReportDocument } from './reportDocument';

const RENDER: Record<Exclude<ReportFormat, 'latex'>, { extension: string; mimeType: string; render(doc: ReportDocument): string }> = {
  html: { extension: 'html', mimeType: 'text/html;charset=utf-8', render: htmlReport },
  md: { extension: 'md', mimeType: 'text/markdown;charset=utf-8', render: markdownReport },
  csv: { extension: 'csv', mimeType: 'text/csv;charset=utf-8', render: csvReport },
  json: { extension: 'json', mimeType: 'application/json', render: (doc) => `${JSON.stringify(doc, null, 2)}\n` },
};

/** Disagreeing units kept per question in an export (the JSON lists them; HTML shows the first few). */
const EXPORT_DISAGREEMENTS = 100_000;

/**
 * `agreement.export`: analyses the task (or the chosen questions) over the selection and
 * renders the report in one of five formats (HTML, Markdown, CSV, JSON, LaTeX with its .bib),
 * each stating its methods, n, interval methods, resamples and seed, date and Accord version.
 */
export async function exportAgreement(ctx: ServiceContext, args: AgreementArgs & { format: ReportFormat; questions?: string[] }): Promise<AgreementExport> {
  const analysis = await analyseTask(ctx, args, args.questions, EXPORT_DISAGREEMENTS);
  const doc = reportDocument(analysis);
  const base = `agreement-${slug(analysis.task.name)}-${doc.methods.computedAt.slice(0, 10)}`;
  if (args.format === 'latex') {
    const { tex, bib } = latexFromDocument(doc, args.gwetVariance ?? DEFAULT_GWET_VARIANCE, args.alphaThreshold ?? DEFAULT_ALPHA_THRESHOLD);
    return {
      fileName: `${base}.tex`,
      format: 'latex',
      mimeType: 'application/x-tex;charset=utf-8',
      content: tex,
      extraFiles: [{ fileName: `${base}.bib`, mimeType: 'application/x-bibtex;charset=utf-8', content: bib }],
    };
  }
  const { extension, mimeType, render } = RENDER[args.format];
  return { fileName: `${base}.${extension}`, format: args.format, mimeType, content: render(doc) };
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'task';
}
