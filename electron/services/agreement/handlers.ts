import type { HandlerTable } from '../handlerTypes';
import { scheduleAgreement } from './leasedAgreement';

/**
 * Agreement of a task's raters: summary, one question's drill-downs, report export (issue 5).
 * On a team server a bootstrap runs as a leased job (leasedAgreement.ts), elsewhere in the request.
 */
export const agreementHandlers = {
  'agreement.summary': (args, ctx) => scheduleAgreement(ctx, 'agreement.summary', args),
  'agreement.question': (args, ctx) => scheduleAgreement(ctx, 'agreement.question', args),
  'agreement.export': (args, ctx) => scheduleAgreement(ctx, 'agreement.export', args),
} satisfies HandlerTable<'agreement.summary' | 'agreement.question' | 'agreement.export'>;
