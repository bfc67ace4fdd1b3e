import type { HandlerTable } from '../handlerTypes';
import { scheduleAgreement } from './leasedAgreement';
import { raterPairAgreement } from './raterPair';

/**
 * Agreement of a task's raters: summary, one question's drill-downs, one rater pair, report export (issue 5).
 * On a team server a bootstrap runs as a leased job (leasedAgreement.ts), elsewhere in the request.
 */
export const agreementHandlers = {
  'agreement.summary': (args, ctx) => scheduleAgreement(ctx, 'agreement.summary', args),
  'agreement.question': (args, ctx) => scheduleAgreement(ctx, 'agreement.question', args),
  'agreement.export': (args, ctx) => scheduleAgreement(ctx, 'agreement.export', args),
  // One pair without a bootstrap: answered in the request, on a team server too.
  'agreement.pair': (args, ctx) => raterPairAgreement(ctx, args),
} satisfies HandlerTable<'agreement.summary' | 'agreement.question' | 'agreement.export' | 'agreement.pair'>;
