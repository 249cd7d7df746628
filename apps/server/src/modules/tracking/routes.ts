/**
 * Tracking rows of API.md (A): events (menu clicks 1001-1015 and others), page views and
 * time on page. Rate limited twice: per caller (user, else client id) and per IP, so
 * neither a client nor a client rotating ids can flood the tables. Small bodies only.
 */
import { envelope, TrackActBodySchema, TrackPvUvBodySchema, TrackRemainBodySchema } from '@jq/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { normalizeIp } from '../account/bans.js';
import { callerKey, registerRateLimit } from '../account/rate-limit.js';
import type { ModuleOptions } from '../index.js';
import { recordAction, recordPageView, recordRemain, type Sender } from './track.js';

/** Per caller per minute; per IP the allowance is five times larger (offices share an address). */
export const TRACK_PER_MINUTE = 120;
const BODY_LIMIT = 16 * 1024;

const senderOf = (request: FastifyRequest): Sender => ({
  userId: request.user?.id ?? null,
  clientId: request.clientId,
  ip: normalizeIp(request.ip),
});

export const trackingRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { config, platform }) => {
  const db = platform.database.db;
  await registerRateLimit(app, config, 'track');
  const perCaller = app.createRateLimit({
    max: TRACK_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: callerKey,
  });
  const routeConfig = {
    access: 'A' as const,
    rateLimit: { max: TRACK_PER_MINUTE * 5, timeWindow: 60_000 },
  };
  const tags = ['tracking'];
  const response = { 200: envelope(z.null()) };

  // The per-caller limit, after the per-IP one the plugin applies on its own.
  app.addHook('preHandler', async (request, reply) => {
    const result = await perCaller(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      const error = new Error('rate limited') as Error & { statusCode: number };
      error.statusCode = 429;
      throw error;
    }
  });

  app.post(
    '/track/Act',
    {
      config: routeConfig,
      bodyLimit: BODY_LIMIT,
      schema: { tags, summary: '事件埋点', body: TrackActBodySchema, response },
    },
    async (request) => {
      await recordAction(db, senderOf(request), request.body);
      return ok(null);
    },
  );

  app.post(
    '/track/PvUv',
    {
      config: routeConfig,
      bodyLimit: BODY_LIMIT,
      schema: { tags, summary: '页面访问', body: TrackPvUvBodySchema, response },
    },
    async (request) => {
      await recordPageView(db, senderOf(request), request.body);
      return ok(null);
    },
  );

  app.post(
    '/track/Remain',
    {
      config: routeConfig,
      bodyLimit: BODY_LIMIT,
      schema: { tags, summary: '页面停留时长', body: TrackRemainBodySchema, response },
    },
    async (request) => {
      await recordRemain(db, senderOf(request), request.body);
      return ok(null);
    },
  );
};
