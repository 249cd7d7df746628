/**
 * Administration from the command line until an admin console exists:
 *   npm run admin -- ban <phone|uguid> [reason] | unban <...> | verify <...> | make-admin <...>
 *                  | allow-download <...> | ban-ip <ip> [reason] | unban-ip <ip> | reconcile
 * It opens the database and the bus the configuration names (so a ban reaches running
 * servers through Redis at once). With the embedded database, stop the server first:
 * PGlite lets one process open its folder at a time.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config.js';
import { users } from '../db/schema.js';
import { banIp, banUser, unbanIp, unbanUser } from '../modules/account/bans.js';
import { findUserByRef, recordUserEvent } from '../modules/account/users.js';
import { reconcile } from '../modules/billing/reconcile.js';
import { type BusPort, createBus } from '../platform/bus/index.js';
import { createDatabase, type Db } from '../platform/database/index.js';

export const USAGE = `用法：npm run admin -- <命令> <参数>
  ban <手机号|uguid> [原因]     封禁账号（立即使其全部登录失效）
  unban <手机号|uguid>          解除账号封禁
  verify <手机号|uguid>         标记为已认证
  make-admin <手机号|uguid>     设为管理员
  allow-download <手机号|uguid> 开通客户端下载权限
  ban-ip <IP> [原因]            封禁 IP（该 IP 的所有接口请求返回 -9999）
  unban-ip <IP>                 解除 IP 封禁
  reconcile                     对账：余额 = 账本，每笔已支付订单恰好履约一次（不一致时退出码 1）`;

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
  if (!command || !target) throw new AdminError(USAGE);

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
    case 'verify':
      await db.update(users).set({ isVerified: true }).where(eq(users.id, user.id));
      await recordUserEvent(db, { userId: user.id, event: 'authSuccess', source: 'admin' });
      return `已将账号 ${label} 标记为已认证`;
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
