/**
 * Server-side sessions: a random token in an httpOnly cookie, its SHA-256 in the
 * database. Every sign-in makes a new session (no fixation); logout and bans revoke.
 */
import { createHash, randomBytes } from 'node:crypto';
import { LIMITS } from '@jq/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { sessions, type User, users } from '../../db/schema.js';
import type { Db } from '../../platform/database/index.js';

export const SESSION_TTL_MS = LIMITS.cookieMaxAgeDays * 24 * 60 * 60 * 1000;

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

/** The signed-in user of a token, or null for an unknown, expired or revoked session. */
export async function findSessionUser(db: Db, token: string): Promise<User | null> {
  if (!token || token.length > 100) return null;
  const rows = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.id, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())),
    )
    .limit(1);
  return rows[0]?.user ?? null;
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
