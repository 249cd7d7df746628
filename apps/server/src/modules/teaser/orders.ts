/**
 * Delivery orders (/torder): the founder sends a published teaser to matched investors of
 * the library and pays TEASER_DELIVERY_CREDITS each, in one charge (`teaser-order:<orderno>`)
 * that writes the parent order and one child per investor in the same transaction. A
 * scheduled job delivers a child when a platform user belongs to the investor's institution
 * (their collection shows it). Refund rule (applyRefund): a child still undelivered
 * TEASER_REFUND_AFTER_DAYS after the order is refunded; delivered children are not. Each
 * child is refunded once: its status moves from `pending` conditionally and its ledger line
 * carries the idempotency key `release:<user>:teaser-delivery:<child id>`.
 */
import { randomBytes } from 'node:crypto';
import { Code, TEASER_DELIVERY_CREDITS, TEASER_REFUND_AFTER_DAYS, type TeaserOrder } from '@jq/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { investors, teaserOrderChildren, teaserOrders, teasers } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import { charge, getBalance, releaseCredits } from '../billing/index.js';
import { matchInvestorsForProfile } from '../matching/index.js';
import { profileOf } from './feeds.js';
import { findOwn } from './teasers.js';

const DAY_MS = 86_400_000;
export const DELIVER_JOB = 'teaser.deliver-orders';
type OrderRow = typeof teaserOrders.$inferSelect;
type ChildRow = typeof teaserOrderChildren.$inferSelect;

function newOrderNo(now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `T${stamp}${randomBytes(4).toString('hex').toUpperCase()}`;
}

const refundDue = (order: Pick<OrderRow, 'createdAt'>, now: Date) =>
  now.getTime() - order.createdAt.getTime() >= TEASER_REFUND_AFTER_DAYS * DAY_MS;

async function toWire(db: Db, orders: OrderRow[], now = new Date()): Promise<TeaserOrder[]> {
  if (!orders.length) return [];
  const ids = orders.map((o) => o.id);
  const counts = await db
    .select({ orderId: teaserOrderChildren.orderId, status: teaserOrderChildren.status, n: count() })
    .from(teaserOrderChildren)
    .where(inArray(teaserOrderChildren.orderId, ids))
    .groupBy(teaserOrderChildren.orderId, teaserOrderChildren.status);
  const titles = await db
    .select({ id: teasers.id, title: teasers.title })
    .from(teasers)
    .where(inArray(teasers.id, [...new Set(orders.map((o) => o.teaserId))]));
  const titleById = new Map(titles.map((t) => [t.id, t.title]));
  return orders.map((o) => {
    const c = { total: 0, pending: 0, delivered: 0, refunded: 0 };
    for (const row of counts.filter((r) => r.orderId === o.id)) {
      c[row.status] = Number(row.n);
      c.total += Number(row.n);
    }
    return {
      orderno: o.orderno,
      teaserId: o.teaserId,
      teaserTitle: titleById.get(o.teaserId) ?? '',
      status: o.status,
      unitCredits: o.unitCredits,
      totalCredits: o.totalCredits,
      refundedCredits: o.refundedCredits,
      children: c,
      refundableCredits: refundDue(o, now) ? c.pending * o.unitCredits : 0,
      createdAt: o.createdAt.toISOString(),
    };
  });
}

export async function createOrder(db: Db, userId: number, input: { id: number; investorIds: number[] }) {
  const teaser = await findOwn(db, userId, input.id);
  if (teaser.status !== 'published') throw badRequest('请先发布 Teaser 再投递');
  const ids = [...new Set(input.investorIds)];
  const found = await db
    .select({ id: investors.id, name: investors.name })
    .from(investors)
    .where(inArray(investors.id, ids));
  if (found.length !== ids.length) {
    const known = new Set(found.map((f) => f.id));
    throw badRequest(`投资人：编号 ${ids.filter((id) => !known.has(id)).join('、')} 不存在`);
  }
  const ranked = await matchInvestorsForProfile(db, profileOf(teaser), teaser.title, {
    target: 'investor',
    from: 0,
    count: 500,
    withReasons: false,
  }).catch(() => ({ list: [] as { id: number; score: number }[], total: 0 }));
  const scoreById = new Map(ranked.list.map((item) => [item.id, Math.round(item.score)]));
  const orderno = newOrderNo();
  const total = TEASER_DELIVERY_CREDITS * ids.length;
  let order: OrderRow | undefined;
  const result = await charge(
    db,
    {
      userId,
      credits: total,
      reference: `teaser-order:${orderno}`,
      idempotent: true,
      what: `Teaser 投递 ${ids.length} 位投资人：${teaser.title}`,
    },
    async (tx) => {
      [order] = await tx
        .insert(teaserOrders)
        .values({
          orderno,
          userId,
          teaserId: teaser.id,
          unitCredits: TEASER_DELIVERY_CREDITS,
          totalCredits: total,
        })
        .returning();
      await tx.insert(teaserOrderChildren).values(
        found.map((f) => ({
          orderId: order!.id,
          targetInvestorId: f.id,
          targetName: f.name.slice(0, 100),
          score: scoreById.get(f.id) ?? 0,
        })),
      );
    },
  );
  if (!result.ok)
    throw new AppError(
      Code.FORBIDDEN,
      `算力不足：需要 ${result.need} 算力，当前余额 ${result.balance}，请先充值`,
      {
        data: { need: result.need, power: result.balance },
      },
    );
  const [wire] = await toWire(db, [order!]);
  return wire!;
}

async function findOrder(db: Db, userId: number, orderno: string): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(teaserOrders)
    .where(and(eq(teaserOrders.orderno, orderno), eq(teaserOrders.userId, userId)))
    .limit(1);
  if (!row) throw notFound('订单不存在');
  return row;
}

export async function checkOrder(db: Db, userId: number, orderno: string) {
  const [wire] = await toWire(db, [await findOrder(db, userId, orderno)]);
  return wire!;
}

export async function listOrders(
  db: Db,
  userId: number,
  query: { page: number; pageSize: number; orderno?: string | undefined },
) {
  const where = and(
    eq(teaserOrders.userId, userId),
    query.orderno ? eq(teaserOrders.orderno, query.orderno) : undefined,
  );
  const rows = await db
    .select()
    .from(teaserOrders)
    .where(where)
    .orderBy(desc(teaserOrders.createdAt), desc(teaserOrders.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(teaserOrders).where(where);
  return {
    list: await toWire(db, rows),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

const childWire = (order: OrderRow, c: ChildRow, now: Date) => ({
  id: c.id,
  investorId: c.targetInvestorId,
  name: c.targetName,
  score: c.score,
  status: c.status,
  deliveredAt: c.deliveredAt?.toISOString() ?? null,
  refundedAt: c.refundedAt?.toISOString() ?? null,
  refundable: c.status === 'pending' && refundDue(order, now),
});

export async function listChildren(
  db: Db,
  userId: number,
  query: { orderno: string; page: number; pageSize: number },
) {
  const order = await findOrder(db, userId, query.orderno);
  const rows = await db
    .select()
    .from(teaserOrderChildren)
    .where(eq(teaserOrderChildren.orderId, order.id))
    .orderBy(desc(teaserOrderChildren.score), asc(teaserOrderChildren.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(teaserOrderChildren)
    .where(eq(teaserOrderChildren.orderId, order.id));
  const now = new Date();
  const [wire] = await toWire(db, [order], now);
  return {
    list: rows.map((c) => childWire(order, c, now)),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    order: wire!,
  };
}

export async function applyRefund(db: Db, userId: number, orderno: string, now = new Date()) {
  const outcome = await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(teaserOrders)
      .where(and(eq(teaserOrders.orderno, orderno), eq(teaserOrders.userId, userId)))
      .for('update');
    if (!order) throw notFound('订单不存在');
    if (!refundDue(order, now)) {
      const from = new Date(order.createdAt.getTime() + TEASER_REFUND_AFTER_DAYS * DAY_MS);
      throw new AppError(
        Code.CONFLICT,
        `退款规则：下单满 ${TEASER_REFUND_AFTER_DAYS} 天仍未送达的投递可退款，本订单最早可于 ${from.toISOString().slice(0, 10)} 申请`,
      );
    }
    const moved = await tx
      .update(teaserOrderChildren)
      .set({ status: 'refunded', refundedAt: now })
      .where(and(eq(teaserOrderChildren.orderId, order.id), eq(teaserOrderChildren.status, 'pending')))
      .returning();
    if (!moved.length)
      throw new AppError(Code.CONFLICT, '退款规则：已送达的投递不退款，本订单没有可退款的投递');
    for (const child of moved) {
      await releaseCredits(tx as unknown as Db, {
        userId,
        credits: order.unitCredits,
        reference: `teaser-delivery:${child.id}`,
        why: `Teaser 投递 ${TEASER_REFUND_AFTER_DAYS} 天未送达退款：${child.targetName}（订单 ${order.orderno}）`,
      });
    }
    const refunded = moved.length * order.unitCredits;
    const [{ pending } = { pending: 0 }] = await selectRows<{ pending: number }>(
      tx as unknown as Db,
      sql`select count(*)::int as pending from teaser_order_children where order_id = ${order.id} and status = 'pending'`,
    );
    const [{ delivered } = { delivered: 0 }] = await selectRows<{ delivered: number }>(
      tx as unknown as Db,
      sql`select count(*)::int as delivered from teaser_order_children where order_id = ${order.id} and status = 'delivered'`,
    );
    const [updated] = await tx
      .update(teaserOrders)
      .set({
        refundedCredits: sql`${teaserOrders.refundedCredits} + ${refunded}`,
        status: Number(pending) > 0 ? 'paid' : Number(delivered) > 0 ? 'done' : 'refunded',
      })
      .where(eq(teaserOrders.id, order.id))
      .returning();
    return { order: updated!, refunded, children: moved.length };
  });
  const [wire] = await toWire(db, [outcome.order], now);
  return {
    order: wire!,
    refundedCredits: outcome.refunded,
    refundedChildren: outcome.children,
    power: await getBalance(db, userId),
  };
}

/** The delivery job: pending children whose investor's institution has a platform member go to that member. */
export async function deliverOrders(db: Db): Promise<number> {
  const delivered = await selectRows<{ id: number | string }>(
    db,
    sql`update teaser_order_children c
          set status = 'delivered', delivered_to = m.user_id, delivered_at = now()
        from (
          select c2.id as child_id,
            (select up.user_id from user_profiles up join institutions i
               on up.org_id = i.id::text or (up.org_name <> '' and (up.org_name = i.name or up.org_name = i.short_name))
             where i.id = inv.institution_id and up.user_id <> o.user_id order by up.user_id limit 1) as user_id
          from teaser_order_children c2
          join teaser_orders o on o.id = c2.order_id
          join investors inv on inv.id = c2.target_investor_id
          where c2.status = 'pending' limit 1000
        ) m
        where c.id = m.child_id and m.user_id is not null and c.status = 'pending'
        returning c.id`,
  );
  if (delivered.length) {
    await db.execute(sql`update teaser_orders o set status = 'done'
      where o.status = 'paid' and not exists (select 1 from teaser_order_children c where c.order_id = o.id and c.status = 'pending')`);
  }
  return delivered.length;
}
