/**
 * `npm run billing -- <command>`: the money operator's commands, on the configured database.
 *   reconcile               prove balances = ledger and every paid order fulfilled once (exit 1 if not)
 *   refund <orderno> [原因]  refund a fulfilled recharge or VIP order in full (retries a pending provider refund)
 *   close-expired           close unpaid orders past their expiry now
 * With the embedded database (PGlite) stop the server first: one process at a time may open it.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { closeExpiredOrders, reconcile, refundOrder } from '../modules/billing/index.js';
import { createDatabase } from '../platform/database/index.js';
import { createPay } from '../platform/pay/index.js';

const USAGE = `用法：npm run billing -- <命令>
  reconcile                 对账：余额 = 账本，每笔已支付订单恰好履约一次（不一致时退出码 1）
  refund <订单号> [原因]     全额退款一笔已完成的充值或 VIP 订单
  close-expired             立即关闭已过期的未支付订单
使用内嵌数据库（PGlite）时请先停止服务端。`;

const log = {
  info: (o: object) => console.info(JSON.stringify(o)),
  warn: (o: object) => console.warn(JSON.stringify(o)),
  error: (o: object) => console.error(JSON.stringify(o)),
};

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (!command || !['reconcile', 'refund', 'close-expired'].includes(command)) {
    console.info(USAGE);
    return command ? 2 : 0;
  }
  const config = loadConfig();
  const database = await createDatabase({
    url: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    const db = database.db;
    if (command === 'reconcile') {
      const report = await reconcile(db);
      console.info(report.lines.join('\n'));
      return report.ok ? 0 : 1;
    }
    const deps = { db, pay: createPay(config.pay, db), log };
    if (command === 'close-expired') {
      console.info(`已关闭 ${await closeExpiredOrders(deps, 10_000)} 笔过期订单`);
      return 0;
    }
    const [orderno, ...reason] = rest;
    if (!orderno) {
      console.info(USAGE);
      return 2;
    }
    const outcome = await refundOrder(deps, orderno, reason.join(' ') || '管理员退款');
    const channel = {
      success: '渠道退款成功',
      pending: '渠道退款处理中',
      failed: `渠道退款失败：${outcome.error}`,
    };
    console.info(`订单 ${orderno} 已退款记账；${channel[outcome.providerStatus]}`);
    if (outcome.providerStatus === 'failed') console.info(`请稍后重试：npm run billing -- refund ${orderno}`);
    return outcome.providerStatus === 'failed' ? 1 : 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error) => {
    console.error(
      error instanceof ConfigError
        ? error.message
        : `执行失败：${error instanceof Error ? error.message : error}`,
    );
    process.exit(2);
  });
