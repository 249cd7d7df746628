/**
 * Short links for sharing (API.md `shortUrl`): a page of this site becomes
 * `{PUBLIC_URL}/s/{code}`, which redirects there. Only this site's pages can be shortened,
 * so a short link can never send anyone elsewhere; the same target always gets the same code.
 */
import { randomBytes } from 'node:crypto';
import { Code } from '@jq/contract';
import { eq } from 'drizzle-orm';
import { shortUrls } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../platform/database/index.js';

const CODE_CHARS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const SHORT_CODE = /^[a-zA-Z0-9]{4,16}$/;

function newCode(length = 7): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => CODE_CHARS[b % CODE_CHARS.length]).join('');
}

/** The path and query of `url` when it is a page of this site, else a 400. */
function siteTarget(url: string, publicUrl: string): string {
  const site = new URL(publicUrl);
  let parsed: URL;
  try {
    parsed = new URL(url, site);
  } catch {
    throw new AppError(Code.BAD_REQUEST, '链接格式不正确');
  }
  if (parsed.origin !== site.origin || !url.trim().match(/^(\/[^/\\]|https?:\/\/)/i)) {
    throw new AppError(Code.BAD_REQUEST, '只能生成本站页面的短链接');
  }
  if (parsed.pathname.startsWith('/api/') || parsed.pathname.startsWith('/s/')) {
    throw new AppError(Code.BAD_REQUEST, '只能生成本站页面的短链接');
  }
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

export async function shortenUrl(db: Db, url: string, publicUrl: string) {
  const target = siteTarget(url, publicUrl);
  const base = publicUrl.replace(/\/+$/, '');
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await db
      .insert(shortUrls)
      .values({ code: newCode(), target })
      .onConflictDoNothing()
      .returning({ code: shortUrls.code });
    const code =
      row?.code ??
      (await db.select({ code: shortUrls.code }).from(shortUrls).where(eq(shortUrls.target, target)))[0]
        ?.code;
    if (code) return { code, shortUrl: `${base}/s/${code}` };
    // A code collision (not the target): try another code.
  }
  throw new AppError(Code.UNAVAILABLE, '短链接生成失败，请重试');
}

/** The target of a code, or null. */
export async function resolveShortUrl(db: Db, code: string): Promise<string | null> {
  if (!SHORT_CODE.test(code)) return null;
  const [row] = await db.select({ target: shortUrls.target }).from(shortUrls).where(eq(shortUrls.code, code));
  return row?.target ?? null;
}
