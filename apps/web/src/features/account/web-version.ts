/**
 * The web version check of spec section 4: the server names the current web build; when
 * it differs from the one this browser last ran, cached files and session data go (the
 * login stays, it is in localStorage) and the page reloads with a `t` query that no
 * cache has seen.
 */
import { getWebVersion } from './api';

export const WEB_VERSION_KEY = 'jq_web_version';

export interface WebVersionDeps {
  fetchVersion(): Promise<string>;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  clearCaches(): Promise<void>;
  reload(href: string): void;
  now(): number;
  href(): string;
}

export async function clearBrowserCaches(): Promise<void> {
  if ('caches' in window) {
    const names = await caches.keys();
    await Promise.all(names.map((name) => caches.delete(name)));
  }
  sessionStorage.clear();
}

export function withTimestamp(href: string, now: number): string {
  const url = new URL(href);
  url.searchParams.set('t', String(now));
  return `${url.pathname}${url.search}${url.hash}`;
}

const defaultDeps: WebVersionDeps = {
  fetchVersion: async () => (await getWebVersion('web')).version,
  storage: localStorage,
  clearCaches: clearBrowserCaches,
  reload: (href) => window.location.replace(href),
  now: () => Date.now(),
  href: () => window.location.href,
};

/** Returns true when a reload was started. The first visit only records the version. */
export async function checkWebVersion(deps: Partial<WebVersionDeps> = {}): Promise<boolean> {
  const d = { ...defaultDeps, ...deps };
  let version: string;
  try {
    version = await d.fetchVersion();
  } catch {
    return false;
  }
  const stored = d.storage.getItem(WEB_VERSION_KEY);
  d.storage.setItem(WEB_VERSION_KEY, version);
  if (!stored || stored === version) return false;
  await d.clearCaches().catch(() => {});
  d.reload(withTimestamp(d.href(), d.now()));
  return true;
}
