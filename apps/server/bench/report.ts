/**
 * The search benchmark's figures as a markdown table (printed, and with --write-docs put
 * into docs/benchmarks.md between this bench's markers under "## 搜索"), judged against the
 * targets: p95 under 50 ms on PGlite and 20 ms on PostgreSQL, and at least a quarter of
 * the health endpoint's throughput.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from '../src/config.js';
import type { LoadResult } from './load-generator.js';
import type { StartupFigures } from './server-process.js';

export interface EngineReport {
  engine: 'pglite' | 'postgresql';
  /** Measured with the search cache on (as deployed) or off (every search computed). */
  isCached: boolean;
  targetP95: number;
  /** The throughput target, as a share of health's measured in the same stretch of time. */
  targetShare: number;
  /** Per search, health measured in turns with it (its share is taken against this). */
  pairedHealth?: Record<string, LoadResult>;
  projects: number;
  institutions: number;
  names: Record<string, string>;
  results: Record<string, LoadResult>;
  /** The server's start-up (seconds from spawn, RSS in MB) and its RSS at the end of the load. */
  startup?: StartupFigures & { rssEndMb: number };
}

const ms = (n: number) => n.toFixed(1);

export function printReport(reports: EngineReport[], environment: Record<string, string | number>): string {
  const lines: string[] = [
    `测得于 ${environment.date}：${environment.cpus}，开始时负载 ${environment.load}，Node ${environment.node}；` +
      `并发 ${environment.concurrency}，每项 ${environment.durationSeconds} 秒（另有 2 秒预热）；种子 ${environment.seed}。`,
    '',
  ];
  for (const report of reports) {
    const health = report.results.health;
    lines.push(
      `**${report.engine === 'pglite' ? 'PGlite（内嵌）' : 'PostgreSQL'}，搜索缓存${report.isCached ? '开启（30 秒，部署默认）' : '关闭（每次都在索引里算）'}** — ${report.projects.toLocaleString('en')} 个项目，${report.institutions.toLocaleString('en')} 家机构；目标 p95 < ${report.targetP95} ms，吞吐 ≥ health 的 ${report.targetShare * 100}%（与该项交替测的 health 相比）`,
      '',
      '| 接口 | 请求数 | 次/秒 | 占 health | p50 ms | p95 ms | p99 ms | 错误 | 达标 |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    );
    for (const [key, r] of Object.entries(report.results)) {
      const reference = report.pairedHealth?.[key] ?? health;
      const share = reference ? r.rps / reference.rps : 1;
      const isHealth = key === 'health';
      const meets = isHealth
        ? '—'
        : r.p95 < report.targetP95 && share >= report.targetShare && !r.errors
          ? '是'
          : '否';
      lines.push(
        `| ${report.names[key] ?? key} | ${r.requests} | ${r.rps.toFixed(0)} | ${isHealth ? '100%' : `${Math.round(share * 100)}%`} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.errors} | ${meets} |`,
      );
    }
    if (report.startup) {
      const s = report.startup;
      lines.push(
        '',
        `启动（从进程启动起计）：${s.listenSeconds.toFixed(1)} 秒可访问，搜索索引 ${s.searchSeconds.toFixed(1)} 秒、撮合索引 ${s.matchSeconds.toFixed(1)} 秒就绪；服务进程 RSS 可访问时 ${s.rssListenMb} MB，两个索引就绪时 ${s.rssReadyMb} MB（此前峰值 ${s.rssPeakMb} MB），就绪后 ${s.idleSeconds.toFixed(0)} 秒空闲时 ${s.rssSettledMb} MB，压测结束时 ${s.rssEndMb} MB。`,
      );
    }
    lines.push('');
  }
  const table = lines.join('\n');
  console.info(`\n${table}`);
  return table;
}

const SECTION = '## 搜索';

/** Replaces this bench's block under "## 搜索" (creating the file or section when missing). */
export async function writeDocsSection(table: string) {
  const file = path.join(REPO_ROOT, 'docs', 'benchmarks.md');
  const begin = '<!-- bench:search -->';
  const end = '<!-- /bench:search -->';
  const block = `${begin}\n${table.trim()}\n${end}`;
  let text = existsSync(file) ? await readFile(file, 'utf8') : '# 基准数据\n';
  if (!text.includes(SECTION)) text = `${text.trimEnd()}\n\n${SECTION}\n\n`;
  if (text.includes(begin) && text.includes(end)) {
    text = text.slice(0, text.indexOf(begin)) + block + text.slice(text.indexOf(end) + end.length);
  } else {
    const at = text.indexOf(SECTION) + SECTION.length;
    const next = text.indexOf('\n## ', at);
    const insertAt = next < 0 ? text.length : next;
    text = `${text.slice(0, insertAt).trimEnd()}\n\n${block}\n${text.slice(insertAt)}`;
  }
  await writeFile(file, text.endsWith('\n') ? text : `${text}\n`);
  console.info(`已写入 ${path.relative(REPO_ROOT, file)}（${SECTION}）`);
}
