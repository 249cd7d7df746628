/**
 * The route guard's parts that need no account: the document title from the route table
 * and the session page trail, updated on every navigation. /500 and /ipBanned always pass
 * because nothing here blocks a page (the account guard is a loader on protected routes,
 * see router.tsx). Also page-view tracking and the account's global overlays.
 */
import { isFeatureEnabled } from '@jq/contract';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AccountOverlays } from '../features/account';
import { ImShell } from '../features/im';
import { recordPageVisit } from '../shared/navigation/page-trail';
import { useMenuClickTracking, usePageTracking } from '../shared/tracking/use-page-tracking';
import { useActiveRoute } from './keep-alive-outlet';
import { formatDocumentTitle } from './route-table';

export function RootRoute() {
  const location = useLocation();
  const activeRoute = useActiveRoute();

  useEffect(() => {
    document.title = formatDocumentTitle(activeRoute);
  }, [activeRoute]);

  useEffect(() => {
    recordPageVisit(sessionStorage, location);
  }, [location]);

  // After the trail is recorded, so each record carries the page it is about.
  usePageTracking();
  useMenuClickTracking();

  return (
    <>
      <Outlet />
      {isFeatureEnabled('account') && <AccountOverlays />}
      {isFeatureEnabled('im') && <ImShell />}
    </>
  );
}
