/**
 * Reconciliation: proves from the database alone that every balance equals the sum of its
 * ledger, that every paid order received its money once and was fulfilled exactly once
 * (credits or VIP period), that refunds were booked once, and that unpaid orders moved
 * nothing. Returns a Chinese report; any discrepancy makes it fail.
 */
import { sql } from 'drizzle-orm';
import type { OrderKind, OrderStatus } from '../../db/schema.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import { yuan } from './pricing.js';

export interface ReconcileReport {
  ok: boolean;
  lines: string[];
  discrepancies: string[];
}

interface OrderFacts {
  orderno: string;
  kind: OrderKind;
  status: OrderStatus;
  amount_fen: number;
  credits: number;
  fulfilled: boolean;
  fen_in_n: string;
  fen_in: string;
  fen_out_n: string;
  fen_out: string;
  credit_in_n: string;
  credit_in: string;
  credit_back_n: string;
  credit_back: string;
  spend_n: string;
  vip_n: string;
  vip_refunded_n: string;
}

const n = (value: unknown) => Number(value ?? 0);

export async function reconcile(db: Db): Promise<ReconcileReport> {
  const discrepancies: string[] = [];
  const balances = await selectRows<{ user_id: string; balance: string; ledger: string }>(
    db,
    sql`select coalesce(b.user_id, l.user_id) as user_id, coalesce(b.credits, 0) as balance, coalesce(l.total, 0) as ledger
        from balances b
        full outer join (select user_id, sum(amount) as total from ledger_entries where currency = 'credit' group by user_id) l
          on l.user_id = b.user_id`,
  );
  for (const row of balances) {
    if (n(row.balance) !== n(row.ledger)) {
      discrepancies.push(`用户 ${row.user_id}：余额 ${row.balance} 算力，账本合计 ${row.ledger} 算力`);
    }
    if (n(row.balance) < 0) discrepancies.push(`用户 ${row.user_id}：余额为负 ${row.balance}`);
  }

  const entry = (currency: string, kind: string, what: 'count(*)' | 'coalesce(sum(amount), 0)') =>
    sql.raw(
      `(select ${what} from ledger_entries e where e.order_id = o.id and e.currency = '${currency}' and e.kind = '${kind}')`,
    );
  const orders = await selectRows<OrderFacts>(
    db,
    sql`select o.orderno, o.kind, o.status, o.amount_fen, o.credits, o.fulfilled_at is not null as fulfilled,
          ${entry('fen', 'recharge', 'count(*)')} as fen_in_n, ${entry('fen', 'recharge', 'coalesce(sum(amount), 0)')} as fen_in,
          ${entry('fen', 'refund', 'count(*)')} as fen_out_n, ${entry('fen', 'refund', 'coalesce(sum(amount), 0)')} as fen_out,
          ${entry('credit', 'recharge', 'count(*)')} as credit_in_n,
          ${entry('credit', 'recharge', 'coalesce(sum(amount), 0)')} as credit_in,
          ${entry('credit', 'refund', 'count(*)')} as credit_back_n,
          ${entry('credit', 'refund', 'coalesce(sum(amount), 0)')} as credit_back,
          ${entry('credit', 'spend', 'count(*)')} as spend_n,
          (select count(*) from vip_periods v where v.order_id = o.id) as vip_n,
          (select count(*) from vip_periods v where v.order_id = o.id and v.refunded_at is not null) as vip_refunded_n
        from pay_orders o`,
  );
  const byStatus: Record<string, number> = {};
  let received = 0;
  let returned = 0;
  for (const o of orders) {
    byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
    received += n(o.fen_in);
    returned -= n(o.fen_out);
    discrepancies.push(...checkOrder(o));
  }

  const vip = await selectRows<{ user_id: string; expires: Date | null; ends: Date }>(
    db,
    sql`select u.id as user_id, u.vip_expires_at as expires, max(v.ends_at) as ends
        from vip_periods v join users u on u.id = v.user_id
        group by u.id, u.vip_expires_at
        having bool_and(v.refunded_at is null)`,
  );
  for (const row of vip) {
    if (!row.expires || new Date(row.expires) < new Date(row.ends)) {
      discrepancies.push(`用户 ${row.user_id}：VIP 到期时间早于已购会员期的结束时间`);
    }
  }

  const [totals] = await selectRows<{ credits: string; users: string }>(
    db,
    sql`select coalesce(sum(credits), 0) as credits, count(*) as users from balances`,
  );
  const statusText = Object.entries(byStatus)
    .map(([status, count]) => `${status} ${count}`)
    .join('，');
  const lines = [
    '金桥对账报告',
    `账户：${n(totals?.users)} 个，算力余额合计 ${n(totals?.credits)} 点`,
    `订单：${orders.length} 笔${statusText ? `（${statusText}）` : ''}`,
    `收款 ¥${yuan(received)}，退款 ¥${yuan(returned)}`,
    discrepancies.length
      ? `发现 ${discrepancies.length} 处不符：`
      : '结论：余额与账本一致，每笔已支付订单恰好履约一次。',
    ...discrepancies.map((d) => `  - ${d}`),
  ];
  return { ok: discrepancies.length === 0, lines, discrepancies };
}

/** The ledger facts an order of this kind and status must have, and nothing else. */
function checkOrder(o: OrderFacts): string[] {
  const problems: string[] = [];
  const say = (text: string) => problems.push(`订单 ${o.orderno}（${o.kind}/${o.status}）：${text}`);
  const isPaid = o.status === 'fulfilled' || o.status === 'refunded' || o.status === 'paid';
  if (!isPaid) {
    const moved =
      n(o.fen_in_n) + n(o.fen_out_n) + n(o.credit_in_n) + n(o.credit_back_n) + n(o.spend_n) + n(o.vip_n);
    if (moved) say('未支付却有账目或会员期');
    return problems;
  }
  if (o.status === 'paid') say('已支付但未履约');
  if (n(o.fen_in_n) !== 1 || n(o.fen_in) !== o.amount_fen) {
    say(`收款记录 ${o.fen_in_n} 条、合计 ${o.fen_in} 分，应为 1 条 ${o.amount_fen} 分`);
  }
  if (o.status !== 'paid' && !o.fulfilled) say('缺少履约时间');
  if (o.kind === 'vip') {
    if (n(o.vip_n) !== 1) say(`会员期 ${o.vip_n} 条，应为 1 条`);
    if (n(o.credit_in_n)) say('会员订单不应入账算力');
  } else if (o.status !== 'paid' && (n(o.credit_in_n) !== 1 || n(o.credit_in) !== o.credits)) {
    say(`算力入账 ${o.credit_in_n} 条、合计 ${o.credit_in}，应为 1 条 ${o.credits}`);
  }
  if (o.kind === 'per_use' && n(o.spend_n) > 1) say(`单次解锁扣减 ${o.spend_n} 次`);
  if (o.status === 'refunded') {
    if (n(o.fen_out_n) !== 1 || n(o.fen_out) !== -o.amount_fen)
      say(`退款记录 ${o.fen_out_n} 条、合计 ${o.fen_out} 分`);
    if (o.kind === 'recharge' && (n(o.credit_back_n) !== 1 || n(o.credit_back) !== -o.credits))
      say('退款未退回算力');
    if (o.kind === 'vip' && n(o.vip_refunded_n) !== 1) say('退款未扣回会员期');
  } else if (n(o.fen_out_n) + n(o.credit_back_n)) {
    say('未退款却有退款记录');
  }
  return problems;
}
