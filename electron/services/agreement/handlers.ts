import type { HandlerTable } from '../handlerTypes';
import { exportAgreement } from './report/exportReport';
import { questionAgreement, taskAgreement } from './taskAgreement';

/** Agreement of a task's raters: summary, one question's drill-downs, report export (issue 5). */
export const agreementHandlers = {
  'agreement.summary': (args, ctx) => taskAgreement(ctx, args),
  'agreement.question': (args, ctx) => questionAgreement(ctx, args),
  'agreement.export': (args, ctx) => exportAgreement(ctx, args),
} satisfies HandlerTable<'agreement.summary' | 'agreement.question' | 'agreement.export'>;
