/**
 * The router, built from the contract's route table: `/` goes to /home, unknown paths go
 * to `/` (hence /home), main-layout pages inside the shell, bare pages outside it.
 * Redirects are loaders, so the address bar never settles on `/` or an unknown path.
 */
import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { createAccountGuard, needsGuard } from '../features/account';
import { PageLoading } from '../shared/components/page-loading';
import { useUserStore } from '../shared/stores/user-store';
import { MainLayout } from './main-layout';
import { isPageAvailable, type PageResolver, preloadPage, resolvePage } from './pages';
import { RootRoute } from './root-route';
import { RouteError } from './route-error';
import { APP_ROUTES, type AppRoute, isRouteHandle, type RouteHandle } from './route-table';

export function createAppRoutes(resolve: PageResolver = resolvePage): RouteObject[] {
  const handleOf = (route: RouteHandle['route']): RouteHandle => ({ route });
  // The account route guard (spec section 2) runs before each page renders.
  const guard = createAccountGuard<AppRoute>({ isPageAvailable });
  const loaderOf = (route: AppRoute) =>
    needsGuard(route) ? (args: LoaderFunctionArgs) => guard(route, args) : undefined;
  const mainRoutes = APP_ROUTES.filter((route) => route.layout === 'main');
  const bareRoutes = APP_ROUTES.filter((route) => route.layout === 'bare');
  return [
    {
      element: <RootRoute />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageLoading />,
      children: [
        { index: true, loader: () => redirect('/home'), element: <PageLoading /> },
        {
          element: <MainLayout resolvePage={resolve} />,
          errorElement: <RouteError />,
          // Keep-alive pages are rendered by the layout itself, so their element is empty.
          children: mainRoutes.map((route) => ({
            path: route.fullPath,
            element: route.keepAlive ? null : resolve(route),
            handle: handleOf(route),
            loader: loaderOf(route),
          })),
        },
        ...bareRoutes.map((route) => ({
          path: route.fullPath,
          element: <Suspense fallback={<PageLoading />}>{resolve(route)}</Suspense>,
          handle: handleOf(route),
          loader: loaderOf(route),
        })),
        { path: '*', loader: () => redirect('/'), element: <PageLoading /> },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  const router = createBrowserRouter(createAppRoutes());
  // The first page's chunk loads while the account check (the guard's loader) runs, and so do
  // its first data where the page says how to ask for them (signed in, or a public page: the
  // guard would send a visitor elsewhere). Requesting its files (a <link rel=modulepreload> each,
  // about 0.4 ms of main thread apiece while the page loads) is a task of its own rather than
  // part of the entry's evaluation, which it would lengthen by half (docs/benchmarks.md).
  const firstRoutes = router.state.matches.map((match) => match.route.handle).filter(isRouteHandle);
  const context = { queryClient, url: new URL(window.location.href) };
  const isSignedIn = useUserStore.getState().info !== null;
  setTimeout(() => {
    for (const { route } of firstRoutes) {
      preloadPage(route, isSignedIn || !needsGuard(route) ? context : undefined);
    }
  }, 0);
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
