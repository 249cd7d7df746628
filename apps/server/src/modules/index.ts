/**
 * Every feature module's routes, mounted under /api. One line per module; a module's
 * plugin receives the platform and configuration and nothing else.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Platform } from '../platform/index.js';
import { platformRoutes } from './platform/routes.js';

export interface ModuleOptions {
  config: Config;
  platform: Platform;
}

export async function registerModules(app: FastifyInstance, options: ModuleOptions) {
  const opts = { prefix: '/api', ...options };
  await app.register(platformRoutes, opts);
}
