/**
 * The contract's PAGE_ROUTES with the product slug filled in, and the lookups the shell
 * needs (title, keep-alive, which route a path is).
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

// React Router matches paths case-insensitively by default; the lookup does the same.
const byPath = new Map(APP_ROUTES.map((route) => [route.fullPath.toLowerCase(), route]));
const byName = new Map(APP_ROUTES.map((route) => [route.name, route]));

export function findRouteByPath(pathname: string): AppRoute | undefined {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return byPath.get(trimmed.toLowerCase());
}

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
