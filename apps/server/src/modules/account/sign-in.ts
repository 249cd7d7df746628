/**
 * Ending a successful sign-in, whichever way it came: refuse a banned account, revoke the
 * session the browser held before (no fixation: a pre-set cookie is never kept), make a new
 * session and record the login. The row sets the new session's cookie.
 */
import { Code, messages } from '@jq/contract';
import type { User } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { AccountContext, NewSession, Visitor } from './context.js';
import { createSession, revokeSession } from './sessions.js';
import { recordUserEvent, touchLogin } from './users.js';

export function assertNotBanned(user: User): void {
  if (user.bannedAt) throw new AppError(Code.ACCOUNT_BANNED, messages.accountBanned);
}

export async function startSession(
  ctx: AccountContext,
  visitor: Visitor,
  user: User,
  source: string,
): Promise<NewSession> {
  assertNotBanned(user);
  if (visitor.sessionToken) await revokeSession(ctx.db, visitor.sessionToken);
  const session = await createSession(ctx.db, user.id, visitor);
  await touchLogin(ctx.db, user.id);
  await recordUserEvent(ctx.db, { userId: user.id, event: 'login', source, ip: visitor.ip });
  visitor.log.info({ event: 'account.login', uguid: user.uguid, source }, 'signed in');
  return session;
}

/** Logout: the browser's session ends here (the row clears its cookie). */
export async function signOut(ctx: AccountContext, sessionToken: string | undefined, log: Visitor['log']) {
  if (sessionToken) await revokeSession(ctx.db, sessionToken);
  log.info({ event: 'account.logout' }, 'signed out');
}
