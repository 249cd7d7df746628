/**
 * The main layout's page area. Pages marked `keepAlive` in the route table stay mounted
 * once visited and are hidden with React's <Activity> when the user leaves, so their state
 * (inputs, scroll lists, results) is there on return; every other page is the plain outlet.
 */
import { Activity, Suspense, useState } from 'react';
import { useMatches, useOutlet } from 'react-router';
import { PageLoading } from '../shared/components/page-loading';
import type { PageResolver } from './pages';
import { type AppRoute, isRouteHandle } from './route-table';

export interface KeepAliveOutletProps {
  resolvePage: PageResolver;
}

export function KeepAliveOutlet({ resolvePage }: KeepAliveOutletProps) {
  const outlet = useOutlet();
  const active = useActiveRoute();
  const activeKeepAlive = active?.keepAlive ? active : undefined;
  const [visited, setVisited] = useState<readonly AppRoute[]>([]);

  // Adjusting state while rendering (not in an effect) mounts the page in the same pass.
  if (activeKeepAlive && !visited.includes(activeKeepAlive)) {
    setVisited([...visited, activeKeepAlive]);
  }

  return (
    <>
      {visited.map((route) => (
        <Activity key={route.name} mode={route === activeKeepAlive ? 'visible' : 'hidden'}>
          <Suspense fallback={<PageLoading />}>{resolvePage(route)}</Suspense>
        </Activity>
      ))}
      {!activeKeepAlive && <Suspense fallback={<PageLoading />}>{outlet}</Suspense>}
    </>
  );
}

export function useActiveRoute(): AppRoute | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.route;
  }
  return undefined;
}
