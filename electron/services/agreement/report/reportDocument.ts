import type {
  AgreementMethods,
  AgreementSelectionInfo,
  AgreementTaskRef,
  QuestionAgreement,
  TaskAgreement,
} from '../../../api/contract';
import type { TaskAnalysis } from '../taskAgreement';

/** The `format` marker of an exported JSON agreement report. */
export const REPORT_FORMAT = 'accord.agreement-report';

/** One question in a report: its drill-downs without the task-level fields. */
export type ReportQuestion = Omit<QuestionAgreement, 'task' | 'selection' | 'methods'>;

/**
 * Everything a report says, in one JSON-ready shape: what the JSON export writes as is and
 * what the HTML, Markdown and CSV exports render.
 */
export interface ReportDocument {
  format: typeof REPORT_FORMAT;
  formatVersion: 1;
  task: AgreementTaskRef;
  selection: AgreementSelectionInfo;
  methods: AgreementMethods;
  raters: string[];
  questions: ReportQuestion[];
  skipped: TaskAgreement['skipped'];
}

/** Assembles the report document of an analysed task. */
export function reportDocument(analysis: TaskAnalysis): ReportDocument {
  return {
    format: REPORT_FORMAT,
    formatVersion: 1,
    task: analysis.task,
    selection: analysis.selection,
    methods: analysis.methods,
    raters: analysis.raters,
    questions: analysis.questions.map(({ question, analysis: a }) => ({ description: question.description, ...a })),
    skipped: analysis.skipped,
  };
}
