/**
 * What the account rows read from a request for their use cases (the caller, the session
 * the browser holds, the QR poller's nonce) and what they write back (the cookies).
 */
import { SESSION_COOKIE } from '@jq/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Answer, type CookieSettings, setSessionCookie } from '../../http/index.js';
import { normalizeIp } from '../../lib/net.js';
import type { Caller, SignedIn, Visitor } from './context.js';
import { QR_COOKIE } from './qr-login.js';

export function callerOf(request: FastifyRequest): Caller {
  const ua = request.headers['user-agent'];
  return {
    ip: normalizeIp(request.ip),
    userAgent: typeof ua === 'string' ? ua.slice(0, 300) : '',
    clientId: request.clientId,
  };
}

export function visitorOf(request: FastifyRequest): Visitor {
  return { ...callerOf(request), sessionToken: request.cookies[SESSION_COOKIE], log: request.log };
}

/** The QR poller's nonce cookie, as the browser sent it. */
export const qrNonceOf = (request: FastifyRequest) => request.cookies[QR_COOKIE];

/** Sets the cookie of the session a sign-in started, and answers its result with `msg`. */
export function signedIn<T>(reply: FastifyReply, outcome: SignedIn<T>, cookie: CookieSettings, msg: string) {
  if (outcome.session) setSessionCookie(reply, outcome.session.token, outcome.session.expiresAt, cookie);
  return new Answer(outcome.result, msg);
}

/** The browser's poll nonce, reused across its tabs (qr-login.ts), for 10 minutes on the sign-in paths. */
export function setQrCookie(reply: FastifyReply, nonce: string, secure: boolean) {
  reply.setCookie(QR_COOKIE, nonce, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: 10 * 60,
  });
}
