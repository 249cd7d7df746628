/**
 * Platform rows of API.md: liveness with the engine of each port, and (outside
 * production) the development stream the web client's stream reader is tested with.
 */
import { Code, type Health, HealthResponseSchema } from '@jq/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openStream } from '../../http/sse.js';
import type { Platform } from '../../platform/index.js';
import { platformEngines } from '../../platform/index.js';
import type { ModuleOptions } from '../index.js';

const VERSION = process.env.npm_package_version ?? '0.1.0';
const startedAt = Date.now();

async function timeCheck(run: () => Promise<void>) {
  const t0 = performance.now();
  try {
    await run();
    return { ok: true, ms: Math.round(performance.now() - t0) };
  } catch (error) {
    return { ok: false, ms: Math.round(performance.now() - t0), error: String(error) };
  }
}

export async function checkHealth(platform: Platform): Promise<Health> {
  const [database, bus, storage, jobs] = await Promise.all([
    timeCheck(() => platform.database.ping()),
    timeCheck(() => platform.bus.ping()),
    timeCheck(() => platform.storage.ping()),
    timeCheck(() => platform.jobs.ping()),
  ]);
  const checks = { database, bus, storage, jobs };
  return {
    status: Object.values(checks).every((c) => c.ok) ? 'ok' : 'degraded',
    version: VERSION,
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    engines: platformEngines(platform),
    checks,
  };
}

export const platformRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform, config }) => {
  app.get(
    '/health',
    {
      config: { access: 'P' },
      schema: {
        tags: ['platform'],
        summary: '存活检查与各端口引擎',
        response: { 200: HealthResponseSchema, 503: HealthResponseSchema },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(platform);
      if (health.status === 'ok') return { code: Code.OK, msg: '成功', data: health };
      return reply.status(503).send({ code: Code.UNAVAILABLE, msg: '部分服务不可用', data: health });
    },
  );

  if (config.isProduction) return;

  app.post(
    '/dev/stream',
    {
      config: { access: 'P' },
      schema: {
        hide: true,
        body: z.object({
          text: z.string().min(1).max(5000),
          delayMs: z.number().int().min(0).max(1000).default(30),
        }),
      },
    },
    async (request, reply) => {
      const { text, delayMs } = request.body;
      const stream = openStream(request, reply);
      const chars = [...text];
      for (let i = 0; i < chars.length && !stream.signal.aborted; i += 2) {
        stream.send({ type: 'delta', content: chars.slice(i, i + 2).join(''), isend: false });
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
      stream.end();
    },
  );
};
