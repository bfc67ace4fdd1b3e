import type { ArgsOf, MethodName, ResultOf } from '../api/contract';
import type { ServiceContext } from './context';

/** The service function answering one contract method. */
export type Handler<M extends MethodName> = (args: ArgsOf<M>, ctx: ServiceContext) => ResultOf<M> | Promise<ResultOf<M>>;

/** A feature's share of the handler table (e.g. `HandlerTable<'labels.save' | 'labels.list'>`). */
export type HandlerTable<M extends MethodName> = { [K in M]: Handler<K> };
