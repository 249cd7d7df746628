/** A page's address by its route name (the contract's PAGE_ROUTES, product slug filled in). */
import { DEFAULT_PRODUCT, expandPath, PAGE_ROUTES } from '@jq/contract';

export function routePath(routeName: string): string {
  const route = PAGE_ROUTES.find((candidate) => candidate.name === routeName);
  if (!route) throw new Error(`unknown route ${routeName}`);
  return expandPath(route.path, DEFAULT_PRODUCT);
}

/** Whether `pathname` is that route's page (case-insensitive like React Router, trailing slash ignored). */
export function isPathOf(pathname: string, routeName: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed.toLowerCase() === routePath(routeName).toLowerCase();
}
