/**
 * Where a slice goes. On S3, a presigned PUT URL of the bucket for the slice's own key; on the
 * local store, a PUT URL on this server signed with HMAC-SHA256 over the ticket, the slice,
 * the expiry and the user, with one secret per installation kept in system_meta so every
 * server process signs alike. Either URL is useless to anyone else and after the ticket ends.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { systemMeta } from '../../db/schema.js';
import type { Db } from '../../platform/database/index.js';

const SECRET_KEY = 'uploads.slice_secret';
export const SLICE_PATH = '/upload/slice';

/** The folder of a ticket's slices and the key of one slice (zero-padded so keys sort in order). */
export const partsPrefix = (ticketId: string) => `uploads/parts/${ticketId}/`;
export const sliceKey = (ticketId: string, index: number) =>
  `${partsPrefix(ticketId)}${String(index).padStart(5, '0')}`;

const secrets = new WeakMap<Db, Promise<Buffer>>();
function sliceSecret(db: Db): Promise<Buffer> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = (async () => {
      const fresh = randomBytes(32).toString('base64url');
      await db.insert(systemMeta).values({ key: SECRET_KEY, value: fresh }).onConflictDoNothing();
      const [row] = await db.select().from(systemMeta).where(eq(systemMeta.key, SECRET_KEY));
      return Buffer.from(String(row?.value ?? fresh));
    })();
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

async function signature(
  db: Db,
  ticketId: string,
  index: number,
  exp: number,
  userId: number,
): Promise<string> {
  return createHmac('sha256', await sliceSecret(db))
    .update(`PUT\n${ticketId}\n${index}\n${exp}\n${userId}`)
    .digest('hex');
}

/** The local store's URL for one slice (under /api). */
export async function localSliceUrl(db: Db, ticketId: string, index: number, exp: number, userId: number) {
  const sig = await signature(db, ticketId, index, exp, userId);
  return `/api${SLICE_PATH}/${ticketId}/${index}?exp=${exp}&sig=${sig}`;
}

export async function isValidSliceSignature(
  db: Db,
  input: { ticketId: string; index: number; exp: number; sig: string; userId: number },
): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/.test(input.sig) || !Number.isSafeInteger(input.exp)) return false;
  const expected = Buffer.from(
    await signature(db, input.ticketId, input.index, input.exp, input.userId),
    'hex',
  );
  return timingSafeEqual(expected, Buffer.from(input.sig, 'hex'));
}
