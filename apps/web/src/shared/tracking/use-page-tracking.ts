/**
 * Page views and time on page, driven by the router: a page view when a new page shows,
 * its dwell time (stt, ms) when it is left, when the tab is hidden, or when the page
 * closes; a hidden tab's time is not counted. Also the menu-click events, read from the
 * side menu's `data-nav` keys with one document listener, so the menu stays unaware.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useSettingsStore } from '../stores/settings-store';
import { trackMenuClick } from './menu-codes';
import { trackPageView, trackRemain } from './tracker';

interface ShownPage {
  pathname: string;
  search: string;
  /** When counting (re)started; null while the tab is hidden. */
  since: number | null;
}

export function usePageTracking() {
  const location = useLocation();
  const shown = useRef<ShownPage | null>(null);

  useEffect(() => {
    const previous = shown.current;
    if (previous && previous.pathname === location.pathname && previous.search === location.search) return;
    if (previous?.since != null) trackRemain(previous, Date.now() - previous.since);
    shown.current = { pathname: location.pathname, search: location.search, since: Date.now() };
    trackPageView(location);
  }, [location]);

  useEffect(() => {
    const pause = () => {
      const page = shown.current;
      if (!page || page.since === null) return;
      trackRemain(page, Date.now() - page.since);
      page.since = null;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') pause();
      else if (shown.current && shown.current.since === null) shown.current.since = Date.now();
    };
    window.addEventListener('pagehide', pause);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', pause);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
}

export function useMenuClickTracking() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const item = (event.target as Element | null)?.closest?.('.jq-side-nav [data-nav]');
      const key = item?.getAttribute('data-nav');
      if (key) trackMenuClick(key, useSettingsStore.getState().identity);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);
}
