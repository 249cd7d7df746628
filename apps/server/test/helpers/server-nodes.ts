/**
 * Real server processes (`node --import tsx apps/server/src/main.ts`) for the messaging
 * tests and bench:im: started on a free port with the given environment, waited for,
 * stopped (SIGTERM) or killed (SIGKILL).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../../src/config.js';

const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');

export interface ServerNode {
  name: string;
  base: string;
  child: ChildProcess;
  log: string[];
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startNode(name: string, env: Record<string, string>): Promise<ServerNode> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const log: string[] = [];
  child.stderr?.on('data', (chunk) => log.push(String(chunk)));
  const node = { name, base: `http://127.0.0.1:${port}`, child, log };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} 启动后退出（${child.exitCode}）：${log.join('')}`);
    try {
      if ((await fetch(`${node.base}/api/health`)).ok) return node;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} 未能在 90 秒内就绪`);
}

export async function stopNode(node: ServerNode | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!node || node.child.exitCode !== null || node.child.signalCode !== null) return;
  const exited = new Promise((resolve) => node.child.once('exit', resolve));
  node.child.kill(signal);
  await exited;
}

/** A POST to a row; the envelope, or null when the node did not answer. */
export async function post<T = unknown>(base: string, url: string, cookie: string, body: unknown) {
  try {
    const response = await fetch(`${base}/api${url}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { code: number; msg: string; data: T };
  } catch {
    return null;
  }
}
