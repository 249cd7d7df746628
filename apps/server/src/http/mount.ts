/**
 * Mounts feature modules: runs each one's setup, registers its rows and defines its jobs,
 * then starts the jobs port when the app is ready (after every module has defined its jobs).
 * The rows mounted are kept in `app.routeTable`, which the API map and the fuzz test walk.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Platform } from '../platform/index.js';
import type { ModuleDefinition } from './module.js';
import { type RegisteredRoute, registerRoutes } from './route.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every row the modules mounted, with its module. */
    routeTable: readonly RegisteredRoute[];
  }
}

export async function mountModules(
  app: FastifyInstance,
  modules: readonly ModuleDefinition[],
  deps: { config: Config; platform: Platform },
) {
  const table: RegisteredRoute[] = [];
  for (const module of modules) {
    const parts = await module.setup({
      ...deps,
      log: app.log.child({ module: module.name }),
      onReady: (hook) => app.addHook('onReady', async () => hook()),
      onClose: (hook) => app.addHook('onClose', async () => hook()),
    });
    await registerRoutes(app, module.name, parts.routes ?? [], table);
    await registerRoutes(app, module.name, parts.rootRoutes ?? [], table, '');
    for (const job of parts.jobs ?? []) deps.platform.jobs.define(job);
  }
  app.decorate('routeTable', table);
  app.addHook('onReady', async () => deps.platform.jobs.start());
}
