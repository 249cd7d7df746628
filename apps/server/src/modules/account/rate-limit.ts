/**
 * @fastify/rate-limit for a module's routes (per-route `config.rateLimit`), counted in
 * Redis when REDIS_URL is set so that every process shares the counts, else in memory.
 * Refusals answer 429 / -429 through the error handler.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../../config.js';
import { normalizeIp } from './bans.js';

export async function registerRateLimit(app: FastifyInstance, config: Config, name: string) {
  const redis = config.redis
    ? new Redis(config.redis.url, { maxRetriesPerRequest: 1, enableOfflineQueue: true })
    : undefined;
  redis?.on('error', () => {});
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${config.redis!.prefix}:rl:${name}:` } : {}),
    // A Redis outage must not take tracking or client checks down with it.
    skipOnError: true,
    keyGenerator: (request: FastifyRequest) => normalizeIp(request.ip),
  });
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => {})));
}

/** Key of the caller: the user, else the anonymous client id, else the IP. */
export function callerKey(request: FastifyRequest): string {
  if (request.user) return `u:${request.user.id}`;
  if (request.clientId) return `c:${request.clientId}`;
  return `ip:${normalizeIp(request.ip)}`;
}
