import type { ItemFilter } from '../../../../electron/api/contract';
import { DEFAULT_BROWSE, browseSearchParams, parseBrowseParams } from '../items/browseParams';

/** The drill-down views of one question. */
export const QUESTION_VIEWS = ['confusion', 'annotators', 'categories', 'disagreements', 'statistics'] as const;
export type QuestionView = (typeof QUESTION_VIEWS)[number];

/** What the dashboard compares and shows, kept in the URL so every view has a link. */
export interface AgreementViewState {
  /** The item-browser filter the agreement is recomputed on (same URL parameters as `#/items`). */
  filter: ItemFilter;
  includeJudges: boolean;
  /** With judges included: only these judge runs (`judge:…`), or null for all of them. */
  judges: string[] | null;
  view: QuestionView;
  /** Index of the rater pair (confusion matrix) or of the tag (multilabel). */
  pair: number;
  tag: number;
  /**
   * The rater whose answers are the confusion matrix's rows (chosen first in the pair picker);
   * null, or a rater not in the pair: the pair as the analysis lists it.
   */
  rows: string | null;
}

export const DEFAULT_VIEW: AgreementViewState = { filter: {}, includeJudges: false, judges: null, view: 'confusion', pair: 0, tag: 0, rows: null };

/** Reads the state from URL parameters: the item browser's filter ones, `judges=1`, `judge` (one per judge run chosen), `view`, `pair`, `tag`, `rows`. */
export function parseAgreementParams(params: URLSearchParams): AgreementViewState {
  const view = params.get('view');
  const index = (name: string) => {
    const n = Number(params.get(name));
    return Number.isInteger(n) && n >= 0 ? n : 0;
  };
  return {
    filter: parseBrowseParams(params).filter,
    includeJudges: params.get('judges') === '1',
    judges: params.getAll('judge').length > 0 ? params.getAll('judge') : null,
    view: view && (QUESTION_VIEWS as readonly string[]).includes(view) ? (view as QuestionView) : DEFAULT_VIEW.view,
    pair: index('pair'),
    tag: index('tag'),
    rows: params.get('rows') || null,
  };
}

/** Writes the state as URL parameters, leaving defaults out. */
export function agreementSearchParams(state: AgreementViewState): URLSearchParams {
  const params = browseSearchParams({ ...DEFAULT_BROWSE, filter: state.filter });
  if (state.includeJudges) params.set('judges', '1');
  if (state.includeJudges) for (const judge of state.judges ?? []) params.append('judge', judge);
  if (state.view !== DEFAULT_VIEW.view) params.set('view', state.view);
  if (state.pair > 0) params.set('pair', String(state.pair));
  if (state.tag > 0) params.set('tag', String(state.tag));
  if (state.rows !== null) params.set('rows', state.rows);
  return params;
}

/** The selection part of the state only (what the numbers depend on): for links between the summary and a question. */
export function selectionSearch(state: AgreementViewState): string {
  const params = agreementSearchParams({ ...DEFAULT_VIEW, filter: state.filter, includeJudges: state.includeJudges, judges: state.judges });
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The item page of a disagreeing unit: `#/items/<id>?unit=<unitKey>` (no unit for the whole item). */
export function itemHref(itemId: number, unitKey: string): string {
  return unitKey ? `/items/${itemId}?unit=${encodeURIComponent(unitKey)}` : `/items/${itemId}`;
}
