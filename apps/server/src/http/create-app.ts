/**
 * The Fastify instance: security headers, cookies, the API document, errors, metrics,
 * identity and access, rate limits, uploads, WebSockets, the given modules' rows and the web app.
 * It does not listen and does not open ports; the platform it is given does.
 */
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Platform } from '../platform/index.js';
import { type Identity, registerAccess } from './access.js';
import { registerJsonCompression } from './compress-json.js';
import { answerFrameworkError, registerErrorHandling } from './errors.js';
import { logUrl } from './log-url.js';
import { registerMetrics } from './metrics.js';
import type { ModuleDefinition } from './module.js';
import { mountModules } from './mount.js';
import { registerRateLimits } from './rate-limit.js';
import { checkRouteTable } from './route-check.js';
import { registerSecurityHeaders } from './security-headers.js';
import { serializerCompiler } from './serializer.js';
import { validatorCompiler } from './validation.js';
import { registerWeb } from './web.js';
import { registerWebSocket } from './ws.js';

const REQUEST_ID = /^[\w.-]{8,64}$/;
/** Swagger UI's pages (the API document), under /api but not rows of the route table. */
const API_DOCS = '/api/docs';

export interface HttpAppDeps {
  config: Config;
  platform: Platform;
  identity: Identity & { close(): Promise<void> };
  modules: readonly ModuleDefinition[];
}

export async function createHttpApp({ config, platform, identity, modules }: HttpAppDeps) {
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
    // A malformed or overlong path is refused before routing: in the envelope too.
    frameworkErrors: answerFrameworkError,
    // Also bounds each onReady hook, and a module's start-up work runs there before the server
    // listens: loading the demo data into an empty library takes ~35 s (the default is 10 s).
    pluginTimeout: 5 * 60_000,
  }).withTypeProvider<ZodTypeProvider>();

  // First, so it sees every route registered after: each /api one must be in the route table.
  checkRouteTable(app, { docsPrefix: API_DOCS });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: logUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  });

  registerJsonCompression(app);

  registerSecurityHeaders(app, {
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
  await app.register(swaggerUi, { routePrefix: API_DOCS, staticCSP: true });

  registerErrorHandling(app);
  registerMetrics(app, config.metrics);
  app.addHook('onClose', () => identity.close());
  registerAccess(app, identity);
  await registerRateLimits(app, config.redis);
  await app.register(multipart);
  // Before the modules' rows: @fastify/websocket must see every route to handle upgrades.
  await registerWebSocket(app, identity);

  await mountModules(app, modules, { config, platform });

  await registerWeb(app, config.webDist);
  return app;
}

export type HttpApp = Awaited<ReturnType<typeof createHttpApp>>;
