/**
 * What bench:search and bench:match share: the PGlite benchmark set's folder under
 * data/bench, a free port, the real server in a child process, waiting for it (and for its
 * search index), and its resident memory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, openSync, readFileSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../src/config.js';
import { MIGRATIONS_FOLDER } from '../src/platform/database/index.js';

/**
 * The PGlite set is kept between runs under data/bench (the same seed gives the same data),
 * named by the migrations too: a changed migration history makes a new one, and the stale
 * ones (or all, when `fresh`) are removed.
 */
export async function pgliteBenchDir(scaleName: string, seed: number, fresh: boolean): Promise<string> {
  const hash = createHash('sha256');
  for (const file of (await readdir(MIGRATIONS_FOLDER, { recursive: true })).sort()) {
    if (file.endsWith('.sql')) hash.update(file).update(await readFile(path.join(MIGRATIONS_FOLDER, file)));
  }
  const root = path.join(REPO_ROOT, 'data', 'bench');
  const name = `${scaleName}-${seed}-${hash.digest('hex').slice(0, 12)}`;
  for (const other of existsSync(root) ? await readdir(root) : []) {
    if (other.startsWith(`${scaleName}-${seed}`) && (other !== name || fresh)) {
      await rm(path.join(root, other), { recursive: true, force: true });
    }
  }
  return path.join(root, name);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Spawns the real server. With `BENCH_SERVER_LOG=<file>` set, its log (level info: the
 * snapshot's "ready" line with build time, CPU time and phases) is appended to that file.
 * `BENCH_SERVER_NODE_ARGS` adds node options, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
 * (the profile is written when the server stops).
 */
export function startServer(env: Record<string, string>): ChildProcess {
  const logFile = process.env.BENCH_SERVER_LOG;
  const stdout = logFile ? openSync(logFile, 'a') : 'ignore';
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...env,
      ...(logFile ? { LOG_LEVEL: 'info' } : {}),
    },
    stdio: ['ignore', stdout, 'inherit'],
  });
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** Waits until `url` answers 200 (the server up, an index built); fails if the child exits. */
export async function waitForOk(
  url: string,
  init: RequestInit,
  child: ChildProcess,
  what: string,
  timeoutMs = 900_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`服务进程已退出（${child.exitCode}）`);
    try {
      const response = await fetch(url, init);
      await response.text();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${what}未在 ${Math.round(timeoutMs / 60_000)} 分钟内就绪`);
}

/**
 * Seconds until the search index answers, or null after `timeoutMs`: the SQL path estimates
 * the total of a broad keyword on the large set (totalIsEstimate), the index counts it. Each
 * try asks another page, so the search cache never answers for it.
 */
export async function waitForSearchIndex(
  baseUrl: string,
  child: ChildProcess,
  timeoutMs: number,
  intervalMs = 1000,
): Promise<number | null> {
  const t0 = performance.now();
  for (let page = 1; performance.now() - t0 < timeoutMs; page++) {
    if (child.exitCode !== null) throw new Error(`服务进程已退出（${child.exitCode}）`);
    const response = await fetch(`${baseUrl}/api/acproject/ProjectFuzzySearch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ keyword: '科技', page, pageSize: 1 }),
    });
    const body = (await response.json()) as { data?: { totalIsEstimate?: boolean } };
    if (response.status === 200 && body.data?.totalIsEstimate === false) {
      return (performance.now() - t0) / 1000;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return null;
}

/** The child's resident memory in MB (Linux), or 0 when unknown; `VmHWM` gives its peak so far. */
export function rssMb(child: ChildProcess, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

/** The child's CPU time so far in seconds (user + system, Linux), or 0 when unknown. */
function cpuSeconds(child: ChildProcess): number {
  try {
    // Fields 14 and 15 of /proc/<pid>/stat, after the parenthesised command name.
    const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * Waits until the child is idle — under a tenth of a core over a second — so the work a start
 * queues after the indexes (the industry chain's placements on a new library) is done before
 * anything is measured. Answers the seconds waited.
 */
export async function waitForIdle(child: ChildProcess, timeoutMs = 300_000): Promise<number> {
  const t0 = performance.now();
  let before = cpuSeconds(child);
  while (performance.now() - t0 < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuSeconds(child);
    if (now - before < 0.1) break;
    before = now;
  }
  return (performance.now() - t0) / 1000;
}

/** Seconds until the match index answers: `aiprojectpage` waits for it, then answers 200. */
export async function waitForMatchIndex(baseUrl: string, child: ChildProcess, timeoutMs: number) {
  const t0 = performance.now();
  await waitForOk(
    `${baseUrl}/api/chat/aiprojectpage`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ institutionId: 1, pageSize: 1 }),
    },
    child,
    '撮合索引',
    timeoutMs,
  );
  return (performance.now() - t0) / 1000;
}

export interface StartupFigures {
  /** Seconds from spawning the process: listening (health 200), search index, match index. */
  listenSeconds: number;
  searchSeconds: number;
  matchSeconds: number;
  /**
   * Resident memory (MB) when health first answered, the moment both indexes were ready, and
   * the peak until then; settled: once the process is idle after that (the build's garbage
   * collected and returned, any follow-up work done), what it keeps while it serves.
   */
  rssListenMb: number;
  rssReadyMb: number;
  rssPeakMb: number;
  rssSettledMb: number;
  /** Seconds from both indexes ready until the process was idle. */
  idleSeconds: number;
}

/**
 * Start-up as a user of the process sees it, timed from `spawnedAt` (performance.now() when
 * the child was spawned): when it listens, when the search index and the match index answer
 * (both built in the background after the start), and its memory then.
 */
export async function measureStartup(
  baseUrl: string,
  child: ChildProcess,
  spawnedAt: number,
  timeoutMs = 600_000,
): Promise<StartupFigures> {
  const since = () => (performance.now() - spawnedAt) / 1000;
  await waitForOk(`${baseUrl}/api/health`, {}, child, '服务', timeoutMs);
  const listenSeconds = since();
  const rssListenMb = rssMb(child);
  const [searchSeconds, matchSeconds] = await Promise.all([
    waitForSearchIndex(baseUrl, child, timeoutMs, 250).then((s) => {
      if (s === null) throw new Error('搜索索引未在时限内就绪');
      return since();
    }),
    waitForMatchIndex(baseUrl, child, timeoutMs).then(since),
  ]);
  const rssReadyMb = rssMb(child);
  const rssPeakMb = rssMb(child, 'VmHWM');
  const idleSeconds = await waitForIdle(child);
  return {
    listenSeconds,
    searchSeconds,
    matchSeconds,
    rssListenMb,
    rssReadyMb,
    rssPeakMb,
    rssSettledMb: rssMb(child),
    idleSeconds,
  };
}
