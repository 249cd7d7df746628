/**
 * Prometheus metrics at GET /metrics: process defaults plus request duration by route.
 * A registry per app, so tests that build several apps don't collide.
 */

import { Code } from '@jq/contract';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { AppError } from '../errors.js';

export function registerMetrics(
  app: FastifyInstance,
  options: { enabled: boolean; token?: string | undefined },
) {
  if (!options.enabled) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (options.token && request.headers.authorization !== `Bearer ${options.token}`) {
      throw new AppError(Code.UNAUTHORIZED, '需要指标访问令牌');
    }
    reply.type(registry.contentType);
    return registry.metrics();
  });
}
