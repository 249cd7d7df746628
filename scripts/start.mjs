// `npm start`: install what is missing, build, then run the server, which migrates the
// database and loads demo data into an empty one, and serves web and API on :8080.
import { spawn } from 'node:child_process';
import { ensureDependencies, ensureWebBuild, ROOT, step } from './lib.mjs';

if (!ensureDependencies()) process.exit(1);
if (!ensureWebBuild()) process.exit(1);

step('启动服务');
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
