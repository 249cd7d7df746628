/** Liveness: each port pinged with its time, and the engine of each port (API.md `GET /api/health`). */
import type { Health } from '@jq/contract';
import { type Platform, platformEngines } from '../../platform/index.js';

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
