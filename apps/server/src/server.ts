/**
 * Starting and stopping the whole server: platform, migrations, background jobs, HTTP.
 * `main` wires it to signals; the browser tests start it in-process on a free port.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { createPlatform, type Platform } from './platform/index.js';

export interface RunningServer {
  app: FastifyInstance;
  platform: Platform;
  url: string;
  /** Stops taking connections, lets in-flight requests finish, then closes the platform. */
  close(): Promise<void>;
}

export async function startServer(config: Config): Promise<RunningServer> {
  const platform = await createPlatform(config);
  try {
    await platform.database.migrate();
    const app = await buildApp({ config, platform });
    // Listening makes the app ready: the modules' onReady work (reference data, demo data into
    // an empty library) is done before the first request, and their background jobs start.
    await app.listen({ host: config.host, port: config.port });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    return {
      app,
      platform,
      url: `http://${host}:${port}`,
      async close() {
        await app.close();
        await platform.close();
      },
    };
  } catch (error) {
    await platform.close().catch(() => {});
    throw error;
  }
}
