/**
 * The queries a component wrote to the URL that the router has not shown yet. The router applies
 * a navigation in a transition, so for a while after a write its search params are still the old
 * ones; a second change made in that window (a sort header clicked twice: ascending, then
 * descending) was computed from the state before the first and undid it.
 */
export interface PendingQuery {
  /** The router's query when the first write still pending was made. */
  readonly from: string;
  /** The queries written since, oldest first; the last is what the component shows. */
  readonly written: readonly string[];
}

/**
 * What is still pending once the router shows `routerQuery`: nothing when it shows the last
 * write (caught up) or a query none of the writes made (the back button, a link: the router
 * wins); the later writes when it shows an earlier one; all of them while it still shows the
 * query they started from.
 */
export function settlePending(pending: PendingQuery | null, routerQuery: string): PendingQuery | null {
  if (pending === null) return null;
  const at = pending.written.lastIndexOf(routerQuery);
  if (at === pending.written.length - 1) return null;
  if (at >= 0) return { from: routerQuery, written: pending.written.slice(at + 1) };
  return routerQuery === pending.from ? pending : null;
}

/** The query to show: the last write still pending, else the router's. */
export function shownQuery(pending: PendingQuery | null, routerQuery: string): string {
  return settlePending(pending, routerQuery)?.written.at(-1) ?? routerQuery;
}

/** `pending` after writing `query` while the router shows `routerQuery`. */
export function withWrite(pending: PendingQuery | null, routerQuery: string, query: string): PendingQuery {
  const still = settlePending(pending, routerQuery);
  return still ? { from: still.from, written: [...still.written, query] } : { from: routerQuery, written: [query] };
}
