import type { HandlerTable } from '../handlerTypes';
import { sopReviewReport } from './sopReviewReport';

/** Agent-S SOP execution review (issue 18, part 8). */
export const sopReviewHandlers = {
  'sopReview.report': (args, ctx) => sopReviewReport(ctx, args),
} satisfies HandlerTable<'sopReview.report'>;
