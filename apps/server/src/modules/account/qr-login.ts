/**
 * QR sign-in without WeChat. The desktop asks for a code (`login_` + random id) and shows
 * the URL of this site's confirm page as a QR; the phone's signed-in user confirms; the
 * desktop's next poll consumes the code once and gets a new session. Codes live in the
 * database (any process may answer a poll), expire after 90 s or 60 polls, and may be
 * polled only by the browser that asked for them (a nonce cookie), so a code seen over a
 * shoulder cannot be used to take the session.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Code, LIMITS, type LoginQrcode, type SignInResult } from '@jq/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { qrLogins, type User } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import type { AccountContext, Caller, SignedIn, Visitor } from './context.js';
import { enforceLimits } from './rate-counters.js';
import { startSession } from './sign-in.js';
import { findUserById, loadUserInfo } from './users.js';
import { mpSceneQrUrl, requireMpLogin } from './wechat-mp.js';

const QR_TTL_SECONDS = 90;
export const QR_COOKIE = 'jq_qr';
const NONCE = /^[\w-]{32}$/;

const hashNonce = (nonce: string) => createHash('sha256').update(nonce).digest('hex');

/** The desktop asking for a code: where from, and the poll nonce its browser already holds. */
export interface Poller {
  caller: Caller;
  nonce: string | undefined;
}

/** Makes a QR row; `kind` 'mp' codes are confirmed by the official account's scan event. */
async function createQrCode(ctx: AccountContext, poller: Poller, kind: 'web' | 'mp') {
  const { caller } = poller;
  await enforceLimits(ctx.db, [
    { key: `qr:ip:${caller.ip}`, windowMs: 10 * 60_000, max: 120, message: '操作过于频繁，请稍后再试' },
  ]);
  const code = `login_${randomBytes(16).toString('base64url')}`;
  // The browser's nonce is reused across its tabs, made when missing; the row sets its cookie.
  const nonce =
    poller.nonce && NONCE.test(poller.nonce) ? poller.nonce : randomBytes(24).toString('base64url');
  await ctx.db.insert(qrLogins).values({
    code,
    kind,
    pollerHash: hashNonce(nonce),
    expiresAt: sql`now() + ${QR_TTL_SECONDS}::int * interval '1 second'`,
    ip: caller.ip,
    userAgent: caller.userAgent,
  });
  // Old codes are of no use; trim them as new ones are made.
  await ctx.db.delete(qrLogins).where(sql`${qrLogins.createdAt} < now() - interval '1 day'`);
  return { code, nonce };
}

/** A host as a browser sends it: a name or IPv4 address, or an IPv6 address in brackets, and a port. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The address the desktop's browser used (Fastify's protocol and host, X-Forwarded-* only behind a trusted proxy). */
export interface RequestSite {
  protocol: string;
  host: string;
}

/**
 * Where the phone opens the confirm page: PUBLIC_URL when it is set; otherwise the address
 * the desktop's browser used, so that a phone on the same network can open it (the default
 * `http://localhost:PORT` can never be opened from a phone). A host that is not a plain
 * host name or address falls back to the default.
 */
export function confirmPageOrigin(
  config: { publicUrl: string; isPublicUrlSet: boolean },
  site: RequestSite | undefined,
): string {
  const fallback = config.publicUrl.replace(/\/+$/, '');
  if (config.isPublicUrlSet || !site) return fallback;
  const isWeb = site.protocol === 'http' || site.protocol === 'https';
  return isWeb && HOST.test(site.host) ? `${site.protocol}://${site.host.toLowerCase()}` : fallback;
}

/**
 * A sign-in QR code for the desktop: this site's confirm page (`web`), or the official
 * account's scene QR (`mp`). Answers the code and the poll nonce for the browser's cookie.
 */
export async function getLoginQrcode(
  ctx: AccountContext,
  poller: Poller,
  kind: 'web' | 'mp',
  site?: RequestSite,
): Promise<{ qrcode: LoginQrcode; nonce: string }> {
  if (kind === 'mp') requireMpLogin(ctx);
  const { code, nonce } = await createQrCode(ctx, poller, kind);
  const origin = confirmPageOrigin(ctx.config, site);
  const url =
    kind === 'mp' ? await mpSceneQrUrl(ctx, code) : `${origin}/${ctx.config.product}/login?qr=${code}`;
  const qrcode = {
    code,
    url,
    expiresIn: QR_TTL_SECONDS,
    pollInterval: LIMITS.qrPollIntervalMs,
    maxPolls: LIMITS.qrPollMax,
  };
  return { qrcode, nonce };
}

/** The phone's user opened (`scan`) or confirmed the code. */
export async function confirmQrLogin(
  db: Db,
  user: User,
  code: string,
  action: 'scan' | 'confirm',
): Promise<void> {
  const from = action === 'scan' ? (['waiting'] as const) : (['waiting', 'scanned'] as const);
  const set =
    action === 'scan'
      ? { status: 'scanned' as const }
      : { status: 'confirmed' as const, userId: user.id, confirmedAt: new Date() };
  const updated = await db
    .update(qrLogins)
    .set(set)
    .where(
      and(
        eq(qrLogins.code, code),
        eq(qrLogins.kind, 'web'),
        inArray(qrLogins.status, [...from]),
        sql`${qrLogins.expiresAt} > now()`,
        sql`${qrLogins.polls} < ${LIMITS.qrPollMax}`,
      ),
    )
    .returning({ code: qrLogins.code });
  if (updated.length) return;
  const [row] = await db.select().from(qrLogins).where(eq(qrLogins.code, code));
  if (row?.kind !== 'web') throw new AppError(Code.BAD_REQUEST, '二维码无效，请在电脑上刷新二维码');
  if (action === 'scan' && row.status === 'scanned') return;
  if (row.status === 'confirmed' || row.status === 'consumed') {
    throw new AppError(Code.BAD_REQUEST, '该二维码已被使用，请在电脑上刷新二维码');
  }
  throw new AppError(Code.BAD_REQUEST, '二维码已过期，请在电脑上刷新二维码');
}

interface PolledRow {
  status: 'waiting' | 'scanned' | 'confirmed' | 'consumed';
  kind: 'web' | 'mp';
  user_id: number | null;
  expired: boolean;
}

/** The desktop's poll: consumes a confirmed code once and signs its browser in. */
export async function checkLoginQrcode(
  ctx: AccountContext,
  code: string,
  visitor: Visitor,
  nonce: string | undefined,
): Promise<SignedIn<SignInResult>> {
  const pollerHash = nonce && NONCE.test(nonce) ? hashNonce(nonce) : '';
  // Count the poll and read the state in one statement; a stranger's poll counts nothing.
  const [row] = await selectRows<PolledRow>(
    ctx.db,
    sql`update qr_logins set polls = polls + 1
        where code = ${code} and poller_hash = ${pollerHash}
        returning status, kind, user_id, (expires_at <= now() or polls > ${LIMITS.qrPollMax}) as expired`,
  );
  if (!row) throw new AppError(Code.BAD_REQUEST, '二维码无效，请刷新二维码');
  if (row.status === 'consumed') throw new AppError(Code.BAD_REQUEST, '该二维码已被使用，请刷新二维码');
  if (row.expired) throw new AppError(Code.BAD_REQUEST, '二维码已过期，请刷新二维码');
  if (row.status !== 'confirmed') {
    throw new AppError(
      Code.PHONE_BOUND_OR_WAITING,
      row.status === 'scanned' ? '已扫码，请在手机上确认' : '等待扫码',
      {
        data: { status: row.status },
      },
    );
  }
  // Consume once: of two polls racing, one gets the session and the other is refused.
  const consumed = await ctx.db
    .update(qrLogins)
    .set({ status: 'consumed', consumedAt: new Date() })
    .where(and(eq(qrLogins.code, code), eq(qrLogins.status, 'confirmed')))
    .returning({ userId: qrLogins.userId });
  const userId = consumed[0]?.userId;
  if (!userId) throw new AppError(Code.BAD_REQUEST, '该二维码已被使用，请刷新二维码');
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError(Code.BAD_REQUEST, '二维码无效，请刷新二维码');
  const session = await startSession(ctx, visitor, user, row.kind === 'mp' ? 'mp' : 'qr');
  return { result: { ...(await loadUserInfo(ctx, user)), isNew: false }, session };
}
