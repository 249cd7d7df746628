/**
 * Server-side sessions: a random token in an httpOnly cookie, its SHA-256 in the
 * database. Every sign-in makes a new session (no fixation); logout and bans revoke.
 */
import { createHash, randomBytes } from 'node:crypto';
import { LIMITS } from '@jq/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { sessions, type User, users } from '../../db/schema.js';
import type { DatabasePort, Db } from '../../platform/database/index.js';

const SESSION_TTL_MS = LIMITS.cookieMaxAgeDays * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: Db,
  userId: number,
  meta: { ip?: string; userAgent?: string } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    expiresAt,
    ip: meta.ip ?? '',
    userAgent: (meta.userAgent ?? '').slice(0, 300),
  });
  return { token, expiresAt };
}

// Every request with a cookie runs it: prepared once per database (built once; on PostgreSQL
// also parsed and planned once per connection).
const sessionQueries = new WeakMap<Db, ReturnType<typeof prepareSessionQuery>>();
const prepareSessionQuery = (db: Db) =>
  db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('id')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('session_user');

async function readSession(db: Db, token: string) {
  if (!token || token.length > 100) return null;
  let query = sessionQueries.get(db);
  if (!query) {
    query = prepareSessionQuery(db);
    sessionQueries.set(db, query);
  }
  const rows = await query.execute({ id: hashToken(token) });
  return rows[0] ?? null;
}

/** The channel migration 0006's triggers announce a user id on when its user or session rows change. */
const USER_CHANGED_CHANNEL = 'jq_user_changed';
const SESSION_CACHE_MS = 60_000;
const SESSION_CACHE_MAX = 10_000;

export interface SessionLookup {
  find(token: string): Promise<User | null>;
  close(): Promise<void>;
}

/**
 * The session lookup of every request, remembered per process. The database announces each
 * change to a user or session row (migration 0006's triggers) before the write's own answer
 * when this process made it, and a moment later when another did; a ban, a logout or a VIP
 * purchase drops the user's entries, whatever code made it. A lookup that started before a
 * change is not kept. Without the cache, the lookup is a database round trip per request.
 */
export async function createSessionLookup(
  database: Pick<DatabasePort, 'db' | 'listen'>,
): Promise<SessionLookup> {
  const { db, listen } = database;
  const entries = new Map<string, { user: User; until: number }>();
  let generation = 0;
  const unlisten = await listen(
    USER_CHANGED_CHANNEL,
    (payload) => {
      generation++;
      const userId = Number(payload);
      for (const [key, entry] of entries) if (entry.user.id === userId) entries.delete(key);
    },
    () => {
      generation++;
      entries.clear();
    },
  );
  return {
    async find(token) {
      const hit = entries.get(token);
      if (hit && hit.until > Date.now()) return { ...hit.user };
      if (hit) entries.delete(token);
      const started = generation;
      const session = await readSession(db, token);
      if (!session) return null;
      if (started === generation) {
        entries.set(token, {
          user: session.user,
          until: Math.min(session.expiresAt.getTime(), Date.now() + SESSION_CACHE_MS),
        });
        if (entries.size > SESSION_CACHE_MAX) entries.delete(entries.keys().next().value!);
      }
      return { ...session.user };
    },
    close: () => unlisten().catch(() => {}),
  };
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(eq(sessions.id, hashToken(token)));
}

export async function revokeUserSessions(db: Db, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
