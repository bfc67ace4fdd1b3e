/**
 * THE contract (DESIGN.md §1): one table of methods and events. Both transports (IPC and
 * HTTP) validate arguments with these schemas and answer with {@link ApiReply}. The renderer
 * imports only types from here and gets an {@link ApiClient}.
 */
import type { z } from 'zod';
import type { ApiReply, MethodSpec } from './define';
import { datasetMethods } from './methods/datasets';
import { itemMethods } from './methods/items';
import { workspaceMethods, type JobProgress } from './methods/workspace';
import { annotationMethods } from './methods/annotation';
import { labelMethods } from './methods/labels';
import { adjudicationMethods } from './methods/adjudication';
import { judgeMethods } from './methods/judges';
import { judgeEvidenceMethods } from './methods/judgeEvidence';
import { journeyMethods } from './methods/journeys';
import { planMethods } from './methods/plans';
import { agreementMethods } from './methods/agreement';
import { discussionMethods } from './methods/discussion';
import { peopleMethods } from './methods/people';
import { mappingMethods } from './methods/mappings';
import { sopReviewMethods } from './methods/sopReview';
import { curationMethods } from './methods/curation';
import { inviteMethods } from './methods/invites';

export const contract = {
  ...workspaceMethods,
  ...datasetMethods,
  ...itemMethods,
  ...annotationMethods,
  ...labelMethods,
  ...adjudicationMethods,
  ...judgeMethods,
  ...judgeEvidenceMethods,
  ...journeyMethods,
  ...planMethods,
  ...agreementMethods,
  ...discussionMethods,
  ...peopleMethods,
  ...mappingMethods,
  ...sopReviewMethods,
  ...curationMethods,
  ...inviteMethods,
} satisfies Record<string, MethodSpec>;

/** Method names, `noun.verb`. */
export type MethodName = keyof typeof contract;

/** Arguments of a method, after schema defaults are applied. */
export type ArgsOf<M extends MethodName> = z.output<(typeof contract)[M]['args']>;
/** Arguments of a method as a caller writes them (defaults optional). */
export type InputOf<M extends MethodName> = z.input<(typeof contract)[M]['args']>;
/** Result of a method. */
// Inferred from the spec's phantom type, so a method may declare `null` among its results.
export type ResultOf<M extends MethodName> = (typeof contract)[M] extends MethodSpec<z.ZodType, infer R> ? R : never;

/** Server-sent events and their payloads. */
export interface ApiEvents {
  'job.progress': JobProgress;
  /** Something in the workspace changed (labels saved by another window, an import). */
  'workspace.changed': { what: string };
}
export type EventName = keyof ApiEvents;

/** What the renderer calls; built over `window.api.invoke` (Electron) or `fetch` (browser mode). */
export type ApiClient = {
  [M in MethodName]: (args: InputOf<M>) => Promise<ResultOf<M>>;
} & {
  on<E extends EventName>(event: E, listener: (payload: ApiEvents[E]) => void): () => void;
};

/** Raw call function a transport client provides. */
export type Invoke = (method: MethodName, args: unknown) => Promise<ApiReply<unknown>>;

export type { ApiError, ApiReply } from './define';
export type * from './methods/datasets';
export type * from './methods/mappings';
export type * from './methods/curation';
export type * from './methods/invites';
export type * from './methods/items';
export type * from './methods/workspace';
export type * from './methods/annotation';
export type * from './methods/labels';
export type * from './methods/adjudication';
export type * from './methods/judges';
export type * from './methods/judgeEvidence';
export type * from './methods/journeys';
export type * from './methods/plans';
export type * from './methods/agreement';
export type * from './methods/people';
export type * from './methods/sopReview';
