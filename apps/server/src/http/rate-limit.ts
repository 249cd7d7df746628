/**
 * Request-rate limits for rows (`rate` in a route), on @fastify/rate-limit: counted in
 * Redis when REDIS_URL is set so every process shares the counts, else in this process.
 * A row may carry several limits (per IP and per caller, say); each is checked in turn.
 * Refusals answer 429 / -429 through the error handler, with Retry-After. Limits that must
 * hold on one database without Redis (SMS, sign-in) are database counters in their modules.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import type { RedisConfig } from '../config.js';
import { normalizeIp } from '../lib/net.js';

export interface RateRule {
  max: number;
  windowMs: number;
  /** Whose requests are counted together: the IP (default), or the caller (user, else client id, else IP). */
  by?: 'ip' | 'caller';
}

/** Key of the caller: the user, else the anonymous client id, else the IP. */
export function callerKey(request: FastifyRequest): string {
  if (request.user) return `u:${request.user.id}`;
  if (request.clientId) return `c:${request.clientId}`;
  return `ip:${normalizeIp(request.ip)}`;
}

const ipKey = (request: FastifyRequest) => normalizeIp(request.ip);

export async function registerRateLimits(app: FastifyInstance, redisConfig: RedisConfig | undefined) {
  const redis = redisConfig
    ? new Redis(redisConfig.url, { maxRetriesPerRequest: 1, enableOfflineQueue: true })
    : undefined;
  redis?.on('error', () => {});
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${redisConfig!.prefix}:rl:` } : {}),
    // A Redis outage must not take the rows it guards down with it.
    skipOnError: true,
    keyGenerator: ipKey,
  });
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => {})));
}

class RateLimited extends Error {
  readonly statusCode = 429;
}

/** The onRequest hooks (before validation: a flood of bad requests counts too) that enforce a row's limits (none when it has none). */
export function rateLimitHooks(
  app: FastifyInstance,
  row: string,
  rules: RateRule | RateRule[] | undefined,
): onRequestAsyncHookHandler[] {
  if (!rules) return [];
  return (Array.isArray(rules) ? rules : [rules]).map((rule, n) => {
    const keyOf = rule.by === 'caller' ? callerKey : ipKey;
    // The Redis store shares one key space between limiters: the row and rule keep them apart.
    const check = app.createRateLimit({
      max: rule.max,
      timeWindow: rule.windowMs,
      keyGenerator: (request) => `${row}#${n}|${keyOf(request)}`,
    });
    return async (request, reply) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new RateLimited('rate limited');
      }
    };
  });
}
