/**
 * Tracking rows of API.md (A): events (menu clicks 1001-1015 and others), page views and
 * time on page. Rate limited twice: per caller (user, else client id) and per IP, so
 * neither a client nor a client rotating ids can flood the tables. Small bodies only.
 */
import { TrackActBodySchema, TrackPvUvBodySchema, TrackRemainBodySchema } from '@jq/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type RateRule, route } from '../../http/index.js';
import { normalizeIp } from '../../lib/net.js';
import type { Db } from '../../platform/database/index.js';
import { recordAction, recordPageView, recordRemain, type Sender } from './track.js';

/** Per caller per minute; per IP the allowance is five times larger (offices share an address). */
export const TRACK_PER_MINUTE = 120;
const BODY_LIMIT = 16 * 1024;
const LIMITS: RateRule[] = [
  { max: TRACK_PER_MINUTE * 5, windowMs: 60_000, by: 'ip' },
  { max: TRACK_PER_MINUTE, windowMs: 60_000, by: 'caller' },
];

const senderOf = (request: FastifyRequest): Sender => ({
  userId: request.user?.id ?? null,
  clientId: request.clientId,
  ip: normalizeIp(request.ip),
});

export function trackingRoutes(db: Db) {
  const common = {
    method: 'POST',
    access: 'A',
    rateLimit: LIMITS,
    bodyLimit: BODY_LIMIT,
    data: z.null(),
  } as const;
  return [
    route({
      ...common,
      path: '/track/Act',
      summary: '事件埋点',
      body: TrackActBodySchema,
      handler: async (request) => recordAction(db, senderOf(request), request.body).then(() => null),
    }),
    route({
      ...common,
      path: '/track/PvUv',
      summary: '页面访问',
      body: TrackPvUvBodySchema,
      handler: async (request) => recordPageView(db, senderOf(request), request.body).then(() => null),
    }),
    route({
      ...common,
      path: '/track/Remain',
      summary: '页面停留时长',
      body: TrackRemainBodySchema,
      handler: async (request) => recordRemain(db, senderOf(request), request.body).then(() => null),
    }),
  ];
}
