/**
 * A page in its own chunk (React.lazy) that can also start loading before it renders. The app
 * preloads the first page as it starts (`createAppRouter`), so the page's chunk downloads while
 * the account check runs, and the work of requesting its files happens before the page's first
 * render, not in the middle of it.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type LazyPage = LazyExoticComponent<ComponentType> & { preload(): void };

export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const loadOnce = () => {
    loading ??= load();
    return loading;
  };
  return Object.assign(lazy(loadOnce), {
    // A failed load shows when the page renders (the route's error page).
    preload: () => void loadOnce().catch(() => undefined),
  });
}
