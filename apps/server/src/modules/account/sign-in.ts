/**
 * Ending a successful sign-in, whichever way it came: refuse a banned account, revoke the
 * session the browser held before (no fixation: a pre-set cookie is never kept), make a new
 * session, set its cookie and record the login.
 */
import { Code, messages, SESSION_COOKIE } from '@jq/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { setSessionCookie } from '../../http/access.js';
import { normalizeIp } from './bans.js';
import type { AccountContext, Caller } from './context.js';
import { createSession, revokeSession } from './sessions.js';
import { recordUserEvent, touchLogin } from './users.js';

export function assertNotBanned(user: User): void {
  if (user.bannedAt) throw new AppError(Code.ACCOUNT_BANNED, messages.accountBanned);
}

export function callerOf(request: FastifyRequest): Caller {
  const ua = request.headers['user-agent'];
  return { ip: normalizeIp(request.ip), userAgent: typeof ua === 'string' ? ua.slice(0, 300) : '' };
}

export async function startSession(
  ctx: AccountContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
  source: string,
): Promise<void> {
  assertNotBanned(user);
  const previous = request.cookies[SESSION_COOKIE];
  if (previous) await revokeSession(ctx.db, previous);
  const caller = callerOf(request);
  const { token, expiresAt } = await createSession(ctx.db, user.id, caller);
  setSessionCookie(reply, token, expiresAt, ctx.config.cookie);
  await touchLogin(ctx.db, user.id);
  await recordUserEvent(ctx.db, { userId: user.id, event: 'login', source, ip: caller.ip });
  request.log.info({ event: 'account.login', uguid: user.uguid, source }, 'signed in');
}
