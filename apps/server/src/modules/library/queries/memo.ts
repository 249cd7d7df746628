/**
 * Per-database memo for aggregates that are costly on a large library and fine a few
 * minutes stale (hot industries, hot institutions). Keyed by the database so tests that
 * open several databases in one process never see each other's figures.
 */
import type { Db } from '../../../platform/database/index.js';

const memos = new WeakMap<Db, Map<string, { at: number; value: Promise<unknown> }>>();

export function memo<T>(db: Db, key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  let byKey = memos.get(db);
  if (!byKey) {
    byKey = new Map();
    memos.set(db, byKey);
  }
  const hit = byKey.get(key);
  if (hit && Date.now() - hit.at < ttlMs) return hit.value as Promise<T>;
  const value = load();
  const entries = byKey;
  entries.set(key, { at: Date.now(), value });
  value.catch(() => entries.delete(key));
  return value;
}
