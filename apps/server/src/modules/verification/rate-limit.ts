/**
 * Per-user limits on the costly verification actions, counted in the database so that every
 * server process (and both database engines) sees the same count.
 */
import { Code } from '@jq/contract';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import { verificationRateEvents } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../platform/database/index.js';

const VERIFICATION_LIMITS = {
  /** Upload credentials (each may write one image of up to 5 MB). */
  uploadSign: { max: 30, windowMs: 60 * 60_000 },
  /** Uploads through the local signed URL. */
  upload: { max: 30, windowMs: 60 * 60_000 },
  /** Card submissions: each runs OCR. */
  updateBcard: { max: 10, windowMs: 60 * 60_000 },
  /** Dialogue turns. */
  aiAuth: { max: 30, windowMs: 10 * 60_000 },
} as const;

export type LimitedAction = keyof typeof VERIFICATION_LIMITS;

/** Counts one more use of `action` by the user, or refuses with -429 when the window is full. */
export async function takeRateToken(db: Db, userId: number, action: LimitedAction, now = new Date()) {
  const { max, windowMs } = VERIFICATION_LIMITS[action];
  const since = new Date(now.getTime() - windowMs);
  const [row] = await db
    .select({ n: count() })
    .from(verificationRateEvents)
    .where(
      and(
        eq(verificationRateEvents.userId, userId),
        eq(verificationRateEvents.action, action),
        gt(verificationRateEvents.createdAt, since),
      ),
    );
  if ((row?.n ?? 0) >= max) {
    throw new AppError(Code.RATE_LIMITED, '操作过于频繁，请稍后再试');
  }
  await db.insert(verificationRateEvents).values({ userId, action, createdAt: now });
  // Old events are of no further use; trimming here keeps the table small without a job.
  if (Math.random() < 0.02) {
    await db
      .delete(verificationRateEvents)
      .where(lt(verificationRateEvents.createdAt, new Date(now.getTime() - 24 * 60 * 60_000)));
  }
}
