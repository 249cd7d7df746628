/**
 * A page opened by a link or a redirect starts at its top, as on any website: without this
 * the new page inherits the scroll of the one left (a long form submitted at its bottom
 * opened its result mid-page). Back and forward keep the browser's behaviour, and the
 * keep-alive pages restore their own scroll (features/library/use-list-state.ts).
 */
import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { useActiveRoute } from './keep-alive-outlet';

export function useScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const route = useActiveRoute();
  const shownPath = useRef(pathname);
  useLayoutEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (navigationType !== 'POP' && !route?.keepAlive) window.scrollTo(0, 0);
  }, [pathname, navigationType, route]);
}
