import { describe, expect, it, vi } from 'vitest';
import { checkWebVersion, WEB_VERSION_KEY, withTimestamp } from './web-version';

function setup(stored: string | null, served: string | Error) {
  const store = new Map<string, string>(stored ? [[WEB_VERSION_KEY, stored]] : []);
  const deps = {
    fetchVersion: served instanceof Error ? () => Promise.reject(served) : () => Promise.resolve(served),
    storage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    },
    clearCaches: vi.fn().mockResolvedValue(undefined),
    reload: vi.fn(),
    now: () => 1_700_000_000_000,
    href: () => 'http://app/jq/org?page=2#top',
  };
  return { deps, store };
}

describe('checkWebVersion', () => {
  it('clears caches and reloads with a timestamp query when the version changed', async () => {
    const { deps, store } = setup('v1', 'v2');
    await expect(checkWebVersion(deps)).resolves.toBe(true);
    expect(deps.clearCaches).toHaveBeenCalledTimes(1);
    expect(deps.reload).toHaveBeenCalledWith('/jq/org?page=2&t=1700000000000#top');
    expect(store.get(WEB_VERSION_KEY)).toBe('v2');
  });

  it('only records the version on a first visit or when it is unchanged', async () => {
    for (const stored of [null, 'v2']) {
      const { deps, store } = setup(stored, 'v2');
      await expect(checkWebVersion(deps)).resolves.toBe(false);
      expect(deps.reload).not.toHaveBeenCalled();
      expect(store.get(WEB_VERSION_KEY)).toBe('v2');
    }
  });

  it('does nothing when the version cannot be read', async () => {
    const { deps } = setup('v1', new Error('offline'));
    await expect(checkWebVersion(deps)).resolves.toBe(false);
    expect(deps.clearCaches).not.toHaveBeenCalled();
  });

  it('replaces an older timestamp', () => {
    expect(withTimestamp('http://app/home?t=1', 2)).toBe('/home?t=2');
  });
});
