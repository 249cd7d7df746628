/**
 * What a feature module is to the server: a name and a `setup` that receives the platform
 * and the configuration and answers the module's rows and jobs. `modules/<area>/index.ts`
 * exports its definition; `modules/index.ts` lists the definitions; the app mounts the rows
 * and the server starts the jobs once every module has defined its own.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Platform } from '../platform/index.js';
import type { JobDefinition } from '../platform/jobs/index.js';
import type { Route } from './route.js';

export interface ModuleContext {
  config: Config;
  platform: Platform;
  log: FastifyBaseLogger;
  /** Runs once the server is ready to answer (warm caches, first builds). */
  onReady(hook: () => Promise<void> | void): void;
  /** Runs when the server closes, before the platform does. */
  onClose(hook: () => Promise<void> | void): void;
}

export interface ModuleParts {
  routes?: Route[];
  // biome-ignore lint/suspicious/noExplicitAny: each job has its own data type.
  jobs?: JobDefinition<any>[];
  /** Rows outside /api (short links): mounted at the root. */
  rootRoutes?: Route[];
}

export interface ModuleDefinition {
  /** The area's folder name; also the rows' tag in the API document. */
  name: string;
  setup(context: ModuleContext): Promise<ModuleParts> | ModuleParts;
}

export function defineModule(definition: ModuleDefinition): ModuleDefinition {
  return definition;
}
