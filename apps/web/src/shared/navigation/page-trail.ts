/**
 * The session's page trail of spec section 2 ("Route guard"): the entry page (first of
 * the session), the previous page and the last page, each with its query, kept in
 * sessionStorage for tracking events and for returning from /500.
 */
export const PAGE_TRAIL_KEYS = {
  entry: 'jq_entry_page',
  prev: 'jq_prev_page',
  last: 'jq_last_page',
} as const;

export interface PageVisit {
  path: string;
  /** The query string without its `?`. */
  query: string;
}

type TrailStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function readPageVisit(
  storage: TrailStorage,
  which: keyof typeof PAGE_TRAIL_KEYS,
): PageVisit | undefined {
  const raw = storage.getItem(PAGE_TRAIL_KEYS[which]);
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<PageVisit>;
    return typeof value.path === 'string' ? { path: value.path, query: value.query ?? '' } : undefined;
  } catch {
    return undefined;
  }
}

/** Records a visit; a repeat of the last page (same path and query) changes nothing. */
export function recordPageVisit(storage: TrailStorage, location: { pathname: string; search: string }): void {
  const visit: PageVisit = { path: location.pathname, query: location.search.replace(/^\?/, '') };
  const last = readPageVisit(storage, 'last');
  if (last && last.path === visit.path && last.query === visit.query) return;
  if (!readPageVisit(storage, 'entry')) storage.setItem(PAGE_TRAIL_KEYS.entry, JSON.stringify(visit));
  if (last) storage.setItem(PAGE_TRAIL_KEYS.prev, JSON.stringify(last));
  storage.setItem(PAGE_TRAIL_KEYS.last, JSON.stringify(visit));
}

export function toHref(visit: PageVisit): string {
  return visit.query ? `${visit.path}?${visit.query}` : visit.path;
}

/** True when `to` names the page already shown, so pushing it again would be a duplicate. */
export function isSameLocation(to: string, current: { pathname: string; search: string }): boolean {
  const target = new URL(to, `http://app${current.pathname}`);
  const normalise = (search: string) => (search === '?' ? '' : search);
  return target.pathname === current.pathname && normalise(target.search) === normalise(current.search);
}
