/**
 * The contract's PAGE_ROUTES with the product slug filled in, and the lookups the shell
 * needs (a route by name, the document title, the route a page's handle carries).
 */
import { DEFAULT_PRODUCT, expandPath, PAGE_ROUTES, type PageRoute } from '@jq/contract';
import { common } from '../locales/zh-CN/common';

export interface AppRoute extends PageRoute {
  /** The path with `{product}` expanded. */
  fullPath: string;
}

export const APP_ROUTES: readonly AppRoute[] = PAGE_ROUTES.map((route) => ({
  ...route,
  fullPath: expandPath(route.path, DEFAULT_PRODUCT),
}));

const byName = new Map(APP_ROUTES.map((route) => [route.name, route]));

export function getRoute(name: string): AppRoute {
  const route = byName.get(name);
  if (!route) throw new Error(`unknown route ${name}`);
  return route;
}

export function formatDocumentTitle(route: Pick<PageRoute, 'title'> | undefined): string {
  return route ? `${route.title}${common.titleSeparator}${common.productName}` : common.productName;
}

/** The data React Router keeps on each page route (`handle`), read back by the shell. */
export interface RouteHandle {
  route: AppRoute;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'route' in value;
}
