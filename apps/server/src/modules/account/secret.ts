/**
 * The server secret that SMS code hashes and messaging signatures are keyed with.
 * AUTH_SECRET when configured; otherwise one random secret made on first start and kept in
 * system_meta, so every process on the same database uses the same one.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { systemMeta } from '../../db/schema.js';
import type { Db } from '../../platform/database/index.js';

const META_KEY = 'auth.secret';

export async function loadAuthSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(systemMeta)
    .values({ key: META_KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(systemMeta).where(eq(systemMeta.key, META_KEY));
  if (typeof row?.value !== 'string') throw new Error('auth secret missing in system_meta');
  return row.value;
}

export function keyedHash(secret: string, purpose: string, text: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${text}`).digest('hex');
}

/** The messaging signature of a user (getuinfo's imSign); the im module verifies it the same way. */
export function signIm(secret: string, uguid: string): string {
  return keyedHash(secret, 'im', uguid).slice(0, 40);
}

/** Checks messaging signatures for the im module's socket hello (the secret is read on first use). */
export function createImSignCheck(db: Db, configured: string | undefined) {
  let secret: Promise<string> | undefined;
  return async (uguid: string, sign: string): Promise<boolean> => {
    secret ??= loadAuthSecret(db, configured);
    const expected = Buffer.from(signIm(await secret, uguid));
    const given = Buffer.from(sign);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
}
