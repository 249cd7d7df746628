/**
 * Platform rows of API.md: liveness with the engine of each port, and (outside
 * production) the development stream the web client's stream reader is tested with.
 */
import { Code, HealthResponseSchema } from '@jq/contract';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { type Route, rawRoute, streamRoute } from '../../http/index.js';
import type { Platform } from '../../platform/index.js';
import { echoAsStream } from './dev-stream.js';
import { checkHealth } from './health.js';

export function platformRoutes(config: Config, platform: Platform): Route[] {
  const health = rawRoute({
    method: 'GET',
    path: '/health',
    access: 'P',
    summary: '存活检查与各端口引擎',
    // A degraded platform answers 503 with the same body, so a load balancer needs no JSON parsing.
    responses: { 200: HealthResponseSchema, 503: HealthResponseSchema },
    handler: async (_request, reply) => {
      const data = await checkHealth(platform);
      if (data.status === 'ok') return reply.send({ code: Code.OK, msg: '成功', data });
      return reply.status(503).send({ code: Code.UNAVAILABLE, msg: '部分服务不可用', data });
    },
  });
  if (config.isProduction) return [health];
  return [
    health,
    streamRoute({
      method: 'POST',
      path: '/dev/stream',
      access: 'P',
      summary: '开发用：把文本按流返回',
      hide: true,
      body: z.object({
        text: z.string().min(1).max(5000),
        delayMs: z.number().int().min(0).max(1000).default(30),
      }),
      handler: async (request, open) => echoAsStream(request.body, open),
    }),
  ];
}
