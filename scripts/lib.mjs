// Shared steps of `npm start` and `npm test`: install what is missing, build what is stale.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  return result.status === 0;
}

export function step(title) {
  console.info(`\n▶ ${title}`);
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** npm install when node_modules is missing or older than the lock file or a package.json. */
export function ensureDependencies() {
  const marker = path.join(ROOT, 'node_modules/.package-lock.json');
  const manifests = [
    'package.json',
    'package-lock.json',
    'apps/server/package.json',
    'apps/web/package.json',
    'packages/contract/package.json',
  ];
  const installedAt = existsSync(marker) ? statSync(marker).mtimeMs : 0;
  const isStale = manifests.some((file) => newestMtime(path.join(ROOT, file)) > installedAt);
  if (!isStale) return true;
  step('安装依赖 (npm install)');
  return run('npm', ['install', '--no-audit', '--no-fund']);
}

/** Builds the web app when a source it is made from is newer than the build. */
export function ensureWebBuild({ force = false } = {}) {
  const built = path.join(ROOT, 'apps/web/dist/index.html');
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const sources = [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/build',
    'apps/web/public',
    'packages/contract/src',
  ];
  const sourceAt = Math.max(...sources.map((s) => newestMtime(path.join(ROOT, s))));
  if (!force && builtAt > sourceAt) return true;
  step('构建前端 (vite build)');
  return run('npm', ['run', 'build', '-w', '@jq/web']);
}
