/**
 * Administration from the command line until an admin console exists:
 *   npm run admin -- ban <phone|uguid> [reason] | unban <...> | verify <...> | make-admin <...>
 *                  | allow-download <...> | ban-ip <ip> [reason] | unban-ip <ip> | reconcile | jobs
 *                  | cases | approve <caseId> | reject <caseId> [reason] | im-reports | im-report-close <id>
 * It opens the database and the bus the configuration names (so a ban reaches running
 * servers through Redis at once). With the embedded database, stop the server first:
 * PGlite lets one process open its folder at a time.
 */
import { userInfo } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config.js';
import { users } from '../db/schema.js';
import { AppError } from '../errors.js';
import {
  banIp,
  banUser,
  findUserByRef,
  recordUserEvent,
  unbanIp,
  unbanUser,
} from '../modules/account/index.js';
import { reconcile } from '../modules/billing/index.js';
import { CHAIN_USAGE, ChainAdminError, runChainAdminCommand } from '../modules/chain/index.js';
import { closeReport, listOpenReports } from '../modules/im/index.js';
import { listPendingCases, reviewVerification, verifyUserManually } from '../modules/verification/index.js';
import { type BusPort, createBus } from '../platform/bus/index.js';
import { createDatabase, type Db } from '../platform/database/index.js';
import { listJobStatus } from '../platform/jobs/index.js';

export const USAGE = `用法：npm run admin -- <命令> <参数>
  ban <手机号|uguid> [原因]     封禁账号（立即使其全部登录失效）
  unban <手机号|uguid>          解除账号封禁
  verify <手机号|uguid>         标记为已认证（同时关闭其未完成的认证申请）
  cases                         待人工审核的认证申请：编号、用户、名片、等待时长与转人工的原因
  approve <申请编号>            通过认证申请（用户即为已认证，认证对话里会看到结果）
  reject <申请编号> [原因]      驳回认证申请（原因显示在用户的认证对话里）
  make-admin <手机号|uguid>     设为管理员
  allow-download <手机号|uguid> 开通客户端下载权限
  ban-ip <IP> [原因]            封禁 IP（该 IP 的所有接口请求返回 -9999）
  unban-ip <IP>                 解除 IP 封禁
  reconcile                     对账：余额 = 账本，每笔已支付订单恰好履约一次（不一致时退出码 1）
  jobs                          后台任务：各任务运行中的次数，24 小时内完成、重试与失败的次数，定时任务的下次运行，最近的失败与原因
  chain <子命令>                产业链：查看、编辑（每次编辑生成新版本）、重建企业位置；chain help 看全部子命令
  im-reports                    待处理的聊天举报：编号、原因、被举报的消息与发送者、所在会话（先到先列）
  im-report-close <举报编号>    标记举报已处理（封禁发送者用 ban）`;

const IP = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]+)$/i;

export class AdminError extends Error {
  override name = 'AdminError';
}

/** Runs one command; answers the line to print, or throws AdminError with what went wrong. */
export async function runAdminCommand(db: Db, bus: BusPort, args: string[]): Promise<string> {
  const [command, target, ...rest] = args;
  const reason = rest.join(' ');
  if (command === 'reconcile') {
    const report = await reconcile(db);
    if (!report.ok) throw new AdminError(report.lines.join('\n'));
    return report.lines.join('\n');
  }
  if (command === 'jobs') return formatJobStatus(await listJobStatus(db));
  if (command === 'cases') return formatPendingCases(await listPendingCases(db));
  if (command === 'im-reports') return formatReports(await listOpenReports(db));
  if (command === 'chain') {
    if (!target || target === 'help') return CHAIN_USAGE;
    try {
      return await runChainAdminCommand(db, bus, args.slice(1));
    } catch (error) {
      throw error instanceof ChainAdminError ? new AdminError(error.message) : error;
    }
  }
  if (!command || !target) throw new AdminError(USAGE);
  if (command === 'im-report-close') {
    const id = /^#?\d{1,12}$/.test(target) ? Number(target.replace('#', '')) : Number.NaN;
    if (!Number.isSafeInteger(id)) throw new AdminError(`不是有效的举报编号：${target}`);
    if (!(await closeReport(db, id))) throw new AdminError(`没有待处理的举报 #${id}`);
    return `已将举报 #${id} 标记为已处理`;
  }
  if (command === 'approve' || command === 'reject') {
    return await review(db, target, command === 'approve', reason);
  }

  if (command === 'ban-ip' || command === 'unban-ip') {
    if (!IP.test(target)) throw new AdminError(`不是有效的 IP 地址：${target}`);
    if (command === 'ban-ip') {
      await banIp(db, bus, target, reason);
      return `已封禁 IP ${target}`;
    }
    return (await unbanIp(db, bus, target)) ? `已解除 IP ${target} 的封禁` : `IP ${target} 本未被封禁`;
  }

  const user = await findUserByRef(db, target);
  if (!user) throw new AdminError(`找不到账号：${target}`);
  const label = `${user.name || '未命名'}（${user.phone ?? user.uguid}）`;
  switch (command) {
    case 'ban':
      await banUser(db, user, reason);
      return `已封禁账号 ${label}，其全部登录已失效`;
    case 'unban':
      await unbanUser(db, user);
      return `已解除账号 ${label} 的封禁`;
    case 'verify': {
      const { caseIds } = await verifyUserManually(db, user.id, reviewer());
      await recordUserEvent(db, { userId: user.id, event: 'authSuccess', source: 'admin' });
      const closed = caseIds.length ? `，并关闭认证申请 ${caseIds.map((id) => `#${id}`).join('、')}` : '';
      return `已将账号 ${label} 标记为已认证${closed}`;
    }
    case 'make-admin':
      await db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id));
      return `已将账号 ${label} 设为管理员`;
    case 'allow-download':
      await db.update(users).set({ canDownload: true }).where(eq(users.id, user.id));
      return `已为账号 ${label} 开通客户端下载权限`;
    default:
      throw new AdminError(`未知命令：${command}\n${USAGE}`);
  }
}

/** Who decided, kept on the case: the command line and the operating-system account that ran it. */
function reviewer(): string {
  try {
    return `cli:${userInfo().username}`;
  } catch {
    return 'cli';
  }
}

async function review(db: Db, ref: string, approve: boolean, note: string): Promise<string> {
  const id = /^#?\d{1,9}$/.test(ref) ? Number(ref.replace('#', '')) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new AdminError(`不是有效的认证申请编号：${ref}`);
  try {
    await reviewVerification(db, id, { approve, reviewer: reviewer(), note });
  } catch (error) {
    if (error instanceof AppError) throw new AdminError(`${error.message}：#${id}`);
    throw error;
  }
  return approve
    ? `已通过认证申请 #${id}，该用户已认证`
    : `已驳回认证申请 #${id}${note ? `（原因：${note}）` : ''}，用户会在认证对话里看到`;
}

const REPORT_REASONS: Record<string, string> = {
  spam: '垃圾广告',
  fraud: '诈骗',
  abuse: '辱骂骚扰',
  illegal: '违法违规',
  other: '其他',
};

function formatReports(reports: Awaited<ReturnType<typeof listOpenReports>>): string {
  if (reports.length === 0) return '没有待处理的聊天举报。';
  const lines = [`待处理的聊天举报 ${reports.length} 件（先到先列）：`];
  for (const r of reports) {
    const text = r.text.length > 60 ? `${r.text.slice(0, 60)}…` : r.text;
    lines.push(
      `#${r.id} ${REPORT_REASONS[r.reason] ?? r.reason}${r.count > 1 ? `（同一消息共 ${r.count} 人举报）` : ''}` +
        ` · ${r.conversation} · 发送者 ${r.sender}（${r.senderPhone}） · 举报人 ${r.reporter}`,
      `   「${text}」${r.detail ? ` 说明：${r.detail}` : ''}`,
    );
  }
  return lines.join('\n');
}

function formatPendingCases(cases: Awaited<ReturnType<typeof listPendingCases>>): string {
  if (cases.length === 0) return '没有待审核的认证申请。';
  const lines = [`待审核的认证申请 ${cases.length} 件（先到先列）：`];
  for (const c of cases) {
    const card = [c.fields.name, c.fields.company, c.fields.phone].filter(Boolean).join(' · ') || '未识别';
    lines.push(
      `#${c.id} ${c.name || '未命名'}（${c.phone ?? c.uguid}），名片：${card}，已等待 ${formatAge(c.createdAt)}`,
      `    原因：${c.reason || '—'}`,
    );
  }
  return lines.join('\n');
}

function formatAge(since: Date, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - since.getTime()) / 60_000));
  if (minutes < 60) return `${minutes} 分钟`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} 小时`;
  return `${Math.floor(minutes / (24 * 60))} 天`;
}

function formatJobStatus(jobs: Awaited<ReturnType<typeof listJobStatus>>): string {
  if (jobs.length === 0) return '还没有任何后台任务运行过。';
  const lines: string[] = [];
  for (const job of jobs) {
    const schedule = job.everyMs ? `，每 ${Math.round(job.everyMs / 1000)} 秒，下次 ${job.nextRunAt}` : '';
    lines.push(
      `${job.name}：运行中 ${job.running}，24 小时内完成 ${job.done24h}、重试 ${job.retried24h}、失败 ${job.failed24h}` +
        `，最近结束 ${job.lastFinishedAt ?? '—'}${schedule}`,
    );
    for (const problem of job.problems) {
      const state = problem.state === 'failed' ? '失败' : '将重试';
      lines.push(
        `  ${state} ${problem.jobId}（第 ${problem.attempt} 次，${problem.at}）：${problem.error ?? ''}`,
      );
    }
  }
  return lines.join('\n');
}

async function main() {
  const config = loadConfig();
  const database = await createDatabase({
    url: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  const bus = createBus(config.redis);
  try {
    await database.migrate();
    console.info(await runAdminCommand(database.db, bus, process.argv.slice(2)));
  } finally {
    await bus.close();
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error instanceof AdminError || error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
