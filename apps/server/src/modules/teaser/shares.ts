/**
 * /tshare links: a random token for one published teaser, optionally expiring. The page
 * path is shortened with the platform's short links. An expired link, or one whose teaser
 * was deleted or taken back to draft, answers a clear "not found" message.
 */
import { randomBytes } from 'node:crypto';
import { Code } from '@jq/contract';
import { eq } from 'drizzle-orm';
import { teaserShares, teasers } from '../../db/schema.js';
import { AppError, badRequest } from '../../errors.js';
import type { Db } from '../../platform/database/index.js';
import { shortenUrl } from '../account/index.js';
import { findOwn } from './teasers.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN = /^[A-Za-z0-9_-]{16,40}$/;

export async function createShare(
  db: Db,
  userId: number,
  input: { id: number; expiresInDays?: number | undefined },
  publicUrl: string,
) {
  const row = await findOwn(db, userId, input.id);
  if (row.status !== 'published') throw badRequest('请先发布 Teaser 再分享');
  const token = randomBytes(12).toString('base64url');
  const expiresAt = input.expiresInDays ? new Date(Date.now() + input.expiresInDays * DAY_MS) : null;
  await db.insert(teaserShares).values({ token, teaserId: row.id, ownerId: userId, expiresAt });
  const path = `/tshare?t=${token}`;
  const { shortUrl } = await shortenUrl(db, path, publicUrl);
  return { token, path, shortUrl, expiresAt: expiresAt?.toISOString() ?? null };
}

export async function resolveShare(db: Db, token: string) {
  if (!TOKEN.test(token)) throw new AppError(Code.NOT_FOUND, '分享链接无效');
  const [found] = await db
    .select({ share: teaserShares, teaser: teasers })
    .from(teaserShares)
    .innerJoin(teasers, eq(teasers.id, teaserShares.teaserId))
    .where(eq(teaserShares.token, token))
    .limit(1);
  if (!found) throw new AppError(Code.NOT_FOUND, '分享链接无效，或 Teaser 已被删除');
  if (found.share.expiresAt && found.share.expiresAt.getTime() <= Date.now())
    throw new AppError(Code.NOT_FOUND, '分享链接已过期，请向分享人索取新的链接');
  if (found.teaser.status !== 'published') throw new AppError(Code.NOT_FOUND, '该 Teaser 已下线');
  return found;
}
