/**
 * Bans. An account ban marks the user and revokes every session at once (sign-in answers
 * -999). An IP ban makes every /api call from that address answer -9999; each process
 * caches the list for a short time and drops its copy when the bus says it changed, so a
 * ban reaches all processes at once (with Redis) or within the cache time (without).
 */
import { eq } from 'drizzle-orm';
import { ipBans, type User, users } from '../../db/schema.js';
import { normalizeIp } from '../../lib/net.js';
import type { BusPort, Unsubscribe } from '../../platform/bus/index.js';
import type { Db } from '../../platform/database/index.js';
import { revokeUserSessions } from './sessions.js';
import { recordUserEvent } from './users.js';

const IP_BANS_CHANNEL = 'account.ip-bans';
const CACHE_MS = 30_000;

export async function banUser(db: Db, user: User, detail = ''): Promise<void> {
  await db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, user.id));
  await revokeUserSessions(db, user.id);
  await recordUserEvent(db, { userId: user.id, event: 'ban', source: 'admin', detail });
}

export async function unbanUser(db: Db, user: User): Promise<void> {
  await db.update(users).set({ bannedAt: null }).where(eq(users.id, user.id));
  await recordUserEvent(db, { userId: user.id, event: 'unban', source: 'admin' });
}

export async function banIp(db: Db, bus: BusPort, ip: string, reason = ''): Promise<void> {
  const address = normalizeIp(ip);
  await db
    .insert(ipBans)
    .values({ ip: address, reason })
    .onConflictDoUpdate({ target: ipBans.ip, set: { reason } });
  await bus.publish(IP_BANS_CHANNEL, { ip: address, banned: true });
}

export async function unbanIp(db: Db, bus: BusPort, ip: string): Promise<boolean> {
  const address = normalizeIp(ip);
  const removed = await db.delete(ipBans).where(eq(ipBans.ip, address)).returning();
  await bus.publish(IP_BANS_CHANNEL, { ip: address, banned: false });
  return removed.length > 0;
}

export interface IpBanCache {
  isBanned(ip: string): Promise<boolean>;
  invalidate(): void;
  /** Drops the cached list whenever any process announces a change. */
  listen(bus: BusPort): Promise<Unsubscribe>;
}

export function createIpBanCache(db: Db, cacheMs = CACHE_MS): IpBanCache {
  let banned: Set<string> | null = null;
  let loadedAt = 0;
  let version = 0;
  let loading: Promise<void> | null = null;

  const load = async () => {
    const started = version;
    const rows = await db.select({ ip: ipBans.ip }).from(ipBans);
    // A change announced while this query ran may not be in its result: keep the list stale.
    if (started !== version) return;
    banned = new Set(rows.map((r) => r.ip));
    loadedAt = Date.now();
  };

  const invalidate = () => {
    version++;
    banned = null;
  };

  return {
    async isBanned(ip) {
      if (!banned || Date.now() - loadedAt > cacheMs) {
        loading ??= load().finally(() => {
          loading = null;
        });
        await loading;
        // Invalidated during the load: read once more, straight from the database.
        if (!banned || Date.now() - loadedAt > cacheMs) {
          const rows = await db
            .select()
            .from(ipBans)
            .where(eq(ipBans.ip, normalizeIp(ip)));
          return rows.length > 0;
        }
      }
      return banned.has(normalizeIp(ip));
    },
    invalidate,
    listen: (bus) => bus.subscribe(IP_BANS_CHANNEL, invalidate),
  };
}
