/**
 * Every feature module's routes, mounted under /api. One line per module; a module's
 * plugin receives the platform and configuration and nothing else.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Platform } from '../platform/index.js';
import { accountRoutes, shortLinkRoutes } from './account/routes.js';
import { assistantRoutes } from './assistant/routes.js';
import { billingRoutes } from './billing/routes.js';
import { libraryImportRoutes } from './library/import/routes.js';
import { libraryRoutes } from './library/routes.js';
import { matchingRoutes } from './matching/routes.js';
import { platformRoutes } from './platform/routes.js';
import { trackingRoutes } from './tracking/routes.js';
import { verificationRoutes } from './verification/routes.js';

export interface ModuleOptions {
  config: Config;
  platform: Platform;
}

export async function registerModules(app: FastifyInstance, options: ModuleOptions) {
  const opts = { prefix: '/api', ...options };
  await app.register(platformRoutes, opts);
  await app.register(accountRoutes, opts);
  await app.register(assistantRoutes, opts);
  await app.register(billingRoutes, opts);
  await app.register(libraryRoutes, opts);
  await app.register(libraryImportRoutes, opts);
  await app.register(matchingRoutes, opts);
  await app.register(trackingRoutes, opts);
  await app.register(verificationRoutes, opts);
  await app.register(shortLinkRoutes, options);
}
