/**
 * The route guard's parts that need no account: the document title from the route table
 * and the session page trail, updated on every navigation. /500 and /ipBanned always pass
 * because nothing here blocks a page.
 */
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { recordPageVisit } from '../shared/navigation/page-trail';
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

  return <Outlet />;
}
