/** The process entry: configuration, start, and a graceful stop on SIGTERM/SIGINT. */
import { ConfigError, loadConfig } from './config.js';
import { startServer } from './server.js';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }

  const server = await startServer(config);
  server.app.log.info(
    { event: 'server.started', url: server.url, dataDir: config.dataDir },
    `金桥已启动：${server.url}`,
  );

  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    server.app.log.info({ event: 'server.stopping', signal }, 'finishing in-flight requests');
    const timer = setTimeout(() => {
      server.app.log.error({ event: 'server.stop.timeout' }, 'shutdown timed out');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    await server.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  console.error('启动失败：', error);
  process.exit(1);
});
