/**
 * The app factory: one Fastify instance with every plugin, hook and route, built the
 * same way by `main` and by the tests. It does not listen and does not open ports;
 * the platform it is given does.
 */
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { registerAccess } from './http/access.js';
import { registerErrorHandling } from './http/errors.js';
import { registerMetrics } from './http/metrics.js';
import { serializerCompiler } from './http/serializer.js';
import { registerWeb } from './http/web.js';
import { registerModules } from './modules/index.js';
import type { Platform } from './platform/index.js';

const REQUEST_ID = /^[\w.-]{8,64}$/;

export interface AppDeps {
  config: Config;
  platform: Platform;
}

export async function buildApp({ config, platform }: AppDeps) {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // Fastify's own per-request lines are off: the onResponse hook below writes one line a request.
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Ant Design writes its CSS-in-JS into style tags.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The app is served over plain HTTP on localhost by default; HSTS belongs to the TLS proxy.
    strictTransportSecurity: false,
  });
  await app.register(cookie);

  await app.register(swagger, {
    openapi: {
      info: {
        title: '金桥 API',
        description: '企业融资与投资人对接平台接口（响应统一为 {code,msg,data}）',
        version: '0.1.0',
      },
      servers: [],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerErrorHandling(app);
  registerMetrics(app, config.metrics);
  await registerAccess(app, platform.database);

  await registerModules(app, { config, platform });

  await registerWeb(app, config.webDist);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
