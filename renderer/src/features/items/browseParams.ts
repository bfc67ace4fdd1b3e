import type { InputOf, ItemFilter } from '../../../../electron/api/contract';

/** Sortable columns of the item browser (the `items.list` sort keys). */
export type ItemSortKey = NonNullable<InputOf<'items.list'>['sort']>;
const SORT_KEYS: readonly ItemSortKey[] = ['id', 'externalId', 'dataset', 'kind', 'findings'];
const KINDS = ['graph', 'plan', 'conversation'] as const;
const SEVERITIES = ['error', 'warning', 'info'] as const;

/** Rows per page offered by the browser; 100 is the default. */
export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 100;

/** Everything that decides which items the browser shows, in which order — kept in the URL. */
export interface BrowseState {
  filter: ItemFilter;
  sort: ItemSortKey;
  descending: boolean;
  /** 0-based page. */
  page: number;
  pageSize: number;
}

export const DEFAULT_BROWSE: BrowseState = { filter: {}, sort: 'id', descending: false, page: 0, pageSize: DEFAULT_PAGE_SIZE };

// Metadata filters carry their type in the parameter name, so `m.model=gpt-4o`,
// `mn.turnCount=12` and `mb.resolved=true` round-trip exactly (json_extract compares typed).
const META_PREFIX = { string: 'm.', number: 'mn.', boolean: 'mb.' } as const;

/**
 * Reads the browser state from URL parameters (`dataset`, `kind`, `q`, `severity`, `m.*`,
 * `sort`, `desc`, `page` 1-based, `size`); unknown or malformed values fall back to defaults.
 */
export function parseBrowseParams(params: URLSearchParams): BrowseState {
  const filter: ItemFilter = {};
  const dataset = Number(params.get('dataset'));
  if (params.has('dataset') && Number.isInteger(dataset)) filter.datasetId = dataset;
  const kind = params.get('kind');
  if (kind && (KINDS as readonly string[]).includes(kind)) filter.kind = kind as ItemFilter['kind'];
  const search = params.get('q')?.trim();
  if (search) filter.search = search.slice(0, 200);
  const severity = params.get('severity');
  if (severity && (SEVERITIES as readonly string[]).includes(severity)) filter.severity = severity as ItemFilter['severity'];
  const metadata: NonNullable<ItemFilter['metadata']> = {};
  for (const [name, value] of params) {
    if (name.startsWith(META_PREFIX.string) && name.length > 2) metadata[name.slice(2)] = value;
    else if (name.startsWith(META_PREFIX.number) && value.trim() !== '' && Number.isFinite(Number(value))) metadata[name.slice(3)] = Number(value);
    else if (name.startsWith(META_PREFIX.boolean) && (value === 'true' || value === 'false')) metadata[name.slice(3)] = value === 'true';
  }
  if (Object.keys(metadata).length) filter.metadata = metadata;

  const sort = params.get('sort');
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    filter,
    sort: sort && (SORT_KEYS as readonly string[]).includes(sort) ? (sort as ItemSortKey) : DEFAULT_BROWSE.sort,
    descending: params.get('desc') === '1',
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** Writes the browser state as URL parameters, leaving defaults out so links stay short. */
export function browseSearchParams(state: BrowseState): URLSearchParams {
  const params = new URLSearchParams();
  const { filter } = state;
  if (filter.datasetId !== undefined) params.set('dataset', String(filter.datasetId));
  if (filter.kind) params.set('kind', filter.kind);
  if (filter.search) params.set('q', filter.search);
  if (filter.severity) params.set('severity', filter.severity);
  for (const [key, value] of Object.entries(filter.metadata ?? {})) {
    params.set(`${META_PREFIX[typeof value as keyof typeof META_PREFIX]}${key}`, String(value));
  }
  if (state.sort !== DEFAULT_BROWSE.sort) params.set('sort', state.sort);
  if (state.descending) params.set('desc', '1');
  if (state.page > 0) params.set('page', String(state.page + 1));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(state.pageSize));
  return params;
}

/** The `items.list` arguments for a state's current page. */
export function listArgs(state: BrowseState): InputOf<'items.list'> {
  return { ...state.filter, sort: state.sort, descending: state.descending, offset: state.page * state.pageSize, limit: state.pageSize };
}

/** True when any filter narrows the list. */
export function isFiltered(filter: ItemFilter): boolean {
  return (
    filter.datasetId !== undefined ||
    filter.kind !== undefined ||
    !!filter.search ||
    filter.severity !== undefined ||
    Object.keys(filter.metadata ?? {}).length > 0
  );
}

/** The parameter that records an item's position in the browser's order on the item page. */
export const POSITION_PARAM = 'at';

/**
 * The item page's URL for the row at 0-based `position` of the browser's order: the browser
 * state travels along, so next/previous follow the same filter and the way back restores it.
 */
export function itemHref(id: number, state: BrowseState, position: number | null): string {
  const params = browseSearchParams({ ...state, page: 0 });
  if (position !== null) params.set(POSITION_PARAM, String(position));
  const search = params.toString();
  return `/items/${id}${search ? `?${search}` : ''}`;
}

/** The item browser's URL showing the page that holds `position` (when known). */
export function browserHref(state: BrowseState, position: number | null): string {
  const page = position === null ? state.page : Math.floor(position / state.pageSize);
  const search = browseSearchParams({ ...state, page }).toString();
  return `/items${search ? `?${search}` : ''}`;
}

/** The position recorded by {@link itemHref}, or null. */
export function positionOf(params: URLSearchParams): number | null {
  const at = Number(params.get(POSITION_PARAM));
  return params.has(POSITION_PARAM) && Number.isInteger(at) && at >= 0 ? at : null;
}
