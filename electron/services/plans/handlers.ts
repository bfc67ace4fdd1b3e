import type { HandlerTable } from '../handlerTypes';
import { findPlanGold } from './findGold';

/** Plan methods the viewer needs beyond `items.get`. */
export const planHandlers = {
  'plans.findGold': ({ id }, ctx) => findPlanGold(ctx, id),
} satisfies HandlerTable<'plans.findGold'>;
