/**
 * Identity and access on every /api route. The user comes from the session cookie only;
 * the anonymous client id from the `x-client-id` header. Each /api route must declare its
 * API.md access level in `config.access` — registering one without it fails at start, so
 * no row can be left unguarded. A `uguid` in body or query that is not the session's user
 * is refused (403): it is a public id, never a credential. A banned IP gets -9999 on every
 * /api call, public ones included, before anything else runs.
 */
import { type Access, CLIENT_ID_HEADER, Code, SESSION_COOKIE } from '@jq/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { User } from '../db/schema.js';
import { AppError } from '../errors.js';
import { isApiPath } from './errors.js';

/** Who is calling: handed to the HTTP layer by the account module (app.ts wires it). */
export interface Identity {
  /** The signed-in user of a session token, or null. */
  findUser(token: string): Promise<User | null>;
  isIpBanned(ip: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: User | null;
    /** Anonymous visitor id (spec: clientid), validated; '' when absent. */
    clientId: string;
  }
}

const CLIENT_ID = /^[\w-]{8,64}$/;

export function isVipActive(user: Pick<User, 'vipExpiresAt'>, now = new Date()): boolean {
  return !!user.vipExpiresAt && user.vipExpiresAt > now;
}

function readUguid(request: FastifyRequest): unknown {
  const body = request.body as Record<string, unknown> | undefined;
  const query = request.query as Record<string, unknown> | undefined;
  return (body && typeof body === 'object' ? body.uguid : undefined) ?? query?.uguid;
}

export function registerAccess(app: FastifyInstance, identity: Identity) {
  app.decorateRequest('user', null);
  app.decorateRequest('clientId', '');

  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/') && !route.url.startsWith('/api/docs');
    if (isApi && !route.config?.access) {
      throw new Error(`接口 ${route.method} ${route.url} 未声明访问级别 (config.access)`);
    }
  });

  app.addHook('onRequest', async (request) => {
    if (isApiPath(request.url) && (await identity.isIpBanned(request.ip))) {
      throw new AppError(Code.IP_BANNED);
    }
    const header = request.headers[CLIENT_ID_HEADER];
    request.clientId = typeof header === 'string' && CLIENT_ID.test(header) ? header : '';
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.user = await identity.findUser(token);
    if (request.user) request.log = request.log.child({ uguid: request.user.uguid });
  });

  // Before validation: a caller without the right to a row learns nothing about its input.
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'P' || access === 'A') {
      checkUguid(request);
      return;
    }
    const user = request.user;
    if (!user) throw new AppError(Code.UNAUTHORIZED);
    if (user.bannedAt) throw new AppError(Code.ACCOUNT_BANNED);
    checkUguid(request);
    if (access === 'V' && !user.isVerified) throw new AppError(Code.FORBIDDEN, '请先完成身份认证');
    if (access === 'VIP' && !isVipActive(user))
      throw new AppError(Code.FORBIDDEN, '该功能需开通 VIP 或单次解锁');
    if (access === 'ADM' && !user.isAdmin) throw new AppError(Code.FORBIDDEN, '需要管理员权限');
  });
}

function checkUguid(request: FastifyRequest) {
  const uguid = readUguid(request);
  if (uguid === undefined || uguid === null || uguid === '') return;
  if (!request.user || uguid !== request.user.uguid) {
    throw new AppError(Code.FORBIDDEN, '用户标识与当前登录账号不符');
  }
}

export interface CookieSettings {
  domain?: string | undefined;
  secure: boolean;
}

export function setSessionCookie(
  reply: import('fastify').FastifyReply,
  token: string,
  expiresAt: Date,
  settings: CookieSettings,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: settings.secure,
    domain: settings.domain,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: import('fastify').FastifyReply, settings: CookieSettings) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', domain: settings.domain });
}
