/**
 * The app: the HTTP layer with every feature module, and the account module's identity
 * behind the access checks. Built the same way by `main` (through server.ts) and by the
 * tests; it does not listen.
 */
import type { Config } from './config.js';
import { createHttpApp } from './http/index.js';
import { createIdentity, MODULES } from './modules/index.js';
import type { Platform } from './platform/index.js';

export interface AppDeps {
  config: Config;
  platform: Platform;
}

export async function buildApp({ config, platform }: AppDeps) {
  return createHttpApp({ config, platform, identity: await createIdentity(platform), modules: MODULES });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
