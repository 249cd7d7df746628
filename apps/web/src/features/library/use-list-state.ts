/**
 * A keep-alive list's state across leaving and coming back. The page stays mounted (route
 * table `keepAlive`), so keyword, filters and loaded pages live in React state; this hook
 * mirrors them into the address bar (a shared link reproduces the search), adopts a link
 * that arrives with its own search, puts the state back into a bare URL (the menu links
 * to /jq/project without params), and restores the window's scroll position on return.
 */
import { LIMITS } from '@jq/contract';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { isPathOf } from '../../shared/navigation/route-path';
import {
  hasListParams,
  type LibraryQuery,
  mergeQueryIntoParams,
  parseQuery,
  serializeQuery,
} from './search-state';

/** True while the page of `routeName` is the one shown (a hidden keep-alive page is not). */
export function useIsRouteActive(routeName: string): boolean {
  return isPathOf(useLocation().pathname, routeName);
}

export function useListState(routeName: string) {
  const isActive = useIsRouteActive(routeName);
  const [params, setParams] = useSearchParams();
  const [query, setQueryState] = useState<LibraryQuery>(() => parseQuery(params));
  const queryRef = useRef(query);
  queryRef.current = query;
  // URLs this hook asked for that the router has not shown yet: seeing one late is not a new link.
  const pendingWrites = useRef(new Set<string>());

  useEffect(() => {
    if (!isActive) return;
    const urlKey = serializeQuery(parseQuery(params));
    const stateKey = serializeQuery(queryRef.current);
    if (pendingWrites.current.has(urlKey)) {
      pendingWrites.current.delete(urlKey);
      if (urlKey !== stateKey) return;
    }
    if (urlKey === stateKey) return;
    if (!hasListParams(params)) {
      pendingWrites.current.add(stateKey);
      setParams(mergeQueryIntoParams(params, queryRef.current), { replace: true });
      return;
    }
    setQueryState(parseQuery(params));
  }, [isActive, params, setParams]);

  const setQuery = useCallback(
    (next: LibraryQuery) => {
      setQueryState(next);
      const key = serializeQuery(next);
      pendingWrites.current.add(key);
      // Typing and filtering replace the entry: Back leaves the page (or closes a detail).
      setParams((current) => mergeQueryIntoParams(current, next), { replace: true });
    },
    [setParams],
  );

  useScrollMemory(isActive);
  return { query, setQuery, isActive };
}

/** Remembers the window's scroll while the page is shown and puts it back when it returns. */
export function useScrollMemory(isActive: boolean): void {
  const saved = useRef(0);
  useLayoutEffect(() => {
    if (!isActive) return;
    if (saved.current > 0) window.scrollTo(0, saved.current);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        saved.current = window.scrollY;
      }, LIMITS.scrollThrottleMs);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, [isActive]);
}
