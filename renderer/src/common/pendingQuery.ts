/**
 * The queries a component wrote to the URL that the router has not shown yet. The router applies
 * a navigation in a transition, so for a while after a write its search params are still the old
 * ones; a second change made in that window (a sort header clicked twice: ascending, then
 * descending) was computed from the state before the first and undid it.
 */
export interface PendingQuery {
  /** The history entry (react-router's location key) the router showed when the writes still pending began. */
  readonly fromKey: string;
  /** The path they were written on: the query of another page is not theirs. */
  readonly pathname: string;
  /** The queries written since, oldest first; the last is what the component shows. */
  readonly written: readonly string[];
}

/** Where the router is: its history entry, path and query. */
export interface RouterPlace {
  readonly key: string;
  readonly pathname: string;
  readonly query: string;
}

/**
 * What is still pending once the router shows `router`: all of it while the router is still on
 * the entry the writes started from; once it moves to an entry on the same path showing one of
 * the writes, the later writes (nothing when it shows the last); anywhere else — the back button,
 * a link, another page, even one whose query equals a write's — nothing: the router wins.
 */
export function settlePending(pending: PendingQuery | null, router: RouterPlace): PendingQuery | null {
  if (pending === null) return null;
  if (router.key === pending.fromKey) return pending;
  if (router.pathname !== pending.pathname) return null;
  const at = pending.written.lastIndexOf(router.query);
  if (at < 0 || at === pending.written.length - 1) return null;
  return { fromKey: router.key, pathname: pending.pathname, written: pending.written.slice(at + 1) };
}

/** The query to show: the last write still pending, else the router's. */
export function shownQuery(pending: PendingQuery | null, router: RouterPlace): string {
  return settlePending(pending, router)?.written.at(-1) ?? router.query;
}

/** `pending` after writing `query` while the router shows `router`. */
export function withWrite(pending: PendingQuery | null, router: RouterPlace, query: string): PendingQuery {
  const still = settlePending(pending, router);
  return still ? { ...still, written: [...still.written, query] } : { fromKey: router.key, pathname: router.pathname, written: [query] };
}
