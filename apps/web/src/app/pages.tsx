/**
 * Which component renders each route. A page renders only when its feature is enabled in
 * the contract AND the page exists; otherwise the shared ComingSoon page stands in.
 * Pages are lazy so each one is its own chunk.
 */
import { isFeatureEnabled } from '@jq/contract';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactElement } from 'react';
import { comingSoon } from '../locales/zh-CN/coming-soon';
import { ComingSoon } from '../shared/components/coming-soon';
import type { AppRoute } from './route-table';

type PageComponent = LazyExoticComponent<ComponentType>;

const PAGES: Partial<Record<string, PageComponent>> = {
  notFound: lazy(() => import('../features/system/not-found-page')),
  serverError: lazy(() => import('../features/system/server-error-page')),
  ipBanned: lazy(() => import('../features/system/ip-banned-page')),
  download: lazy(() => import('../features/system/download-page')),
  test: lazy(() => import('../features/system/stream-test-page')),
};

export function isPageAvailable(route: AppRoute): boolean {
  return isFeatureEnabled(route.feature) && PAGES[route.name] !== undefined;
}

export type PageResolver = (route: AppRoute) => ReactElement;

export const resolvePage: PageResolver = (route) => {
  const Page = isFeatureEnabled(route.feature) ? PAGES[route.name] : undefined;
  if (Page) return <Page />;
  const isHome = route.name === 'home';
  return (
    <ComingSoon
      name={route.name}
      feature={route.feature}
      eyebrow={isHome ? comingSoon.welcomeTitle : route.title}
      isHomeButtonShown={!isHome}
    />
  );
};
