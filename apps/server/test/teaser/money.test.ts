/**
 * Money around teasers, through the ledger, on both engines: the double opt-in unlock
 * (held on request, kept on accept, returned once on decline or timeout, free for VIP, 50
 * concurrent requests charge once) and delivery orders (one charge, refunds by the written
 * rule, exactly once). Balances always equal the sum of the user's credit ledger entries.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutions, investors, userProfiles, users } from '../../src/db/schema.js';
import { deliverOrders } from '../../src/modules/teaser/orders.js';
import { expireUnlocks } from '../../src/modules/teaser/unlocks.js';
import { type Db, selectRows } from '../../src/platform/database/index.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import {
  balanceOf,
  call,
  data,
  grantCredits,
  type Person,
  person,
  publishedTeaser,
  visitor,
} from './helpers.js';

async function ledgerSum(db: Db, userId: number) {
  const [row] = await selectRows<{ n: string | number }>(
    db,
    sql`select coalesce(sum(amount), 0) as n from ledger_entries where user_id = ${userId} and currency = 'credit'`,
  );
  return Number(row!.n);
}

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`teaser money on ${engine}`, () => {
    let t: TestApp;
    let db: Db;
    let founder: Person;
    let price: number;
    beforeAll(async () => {
      t = await createTestApp({ engine });
      db = t.platform.database.db;
      founder = await person(t, '创业者');
      const first = await publishedTeaser(t, founder);
      price = (await data(t, visitor(), '/teaser/getTeaser', { id: first.id })).unlockCredits;
    }, 60_000);
    afterAll(() => t.close());

    it('holds the price on request, keeps it on accept and shows the contacts', async () => {
      const teaser = await publishedTeaser(t, founder);
      const investor = await person(t, '投资人甲');
      await grantCredits(t, investor.id, 100 + price);
      const asked = await data(t, investor, '/teaser/UnLockContactInfo', {
        id: teaser.id,
        message: '想了解一下',
      });
      expect(asked.charged).toBe(price);
      expect(price).toBeGreaterThan(0);
      expect(asked.unlock.status).toBe('pending');
      expect(asked.power).toBe(100);
      let seen = await data(t, investor, '/teaser/getTeaser', { id: teaser.id });
      expect(seen.contactState).toBe('pending');
      expect(seen.contacts.phone).toBe('138****5678');
      const list = await data(t, founder, '/teaser/getTeaserConversation', {});
      expect(list.list[0]).toMatchObject({ id: asked.unlock.id, isOwner: true, message: '想了解一下' });
      const refused = await call(t, investor, '/teaser/decideUnlock', {
        unlockId: asked.unlock.id,
        accept: true,
      });
      expect(refused.statusCode).toBe(404);
      const accepted = await data(t, founder, '/teaser/decideUnlock', {
        unlockId: asked.unlock.id,
        accept: true,
      });
      expect(accepted.status).toBe('accepted');
      seen = await data(t, investor, '/teaser/getTeaser', { id: teaser.id });
      expect(seen.contactState).toBe('unlocked');
      expect(seen.contacts.phone).toBe('13812345678');
      expect(seen.companyName).toBe('深圳市星图智能科技有限公司');
      expect(await balanceOf(t, investor.id)).toBe(100);
      const thread = await data(t, investor, '/teaser/getTeaserConversation', { unlockId: asked.unlock.id });
      expect(thread.messages.map((m: { from: string }) => m.from)).toEqual(['me', 'system']);
      await data(t, investor, '/teaser/sendTeaserMessage', {
        unlockId: asked.unlock.id,
        content: '方便周三聊吗？',
      });
      const seenByFounder = await data(t, founder, '/teaser/getTeaserConversation', {
        unlockId: asked.unlock.id,
      });
      expect(seenByFounder.messages.at(-1)).toMatchObject({ from: 'other', content: '方便周三聊吗？' });
      const again = await data(t, investor, '/teaser/UnLockContactInfo', { id: teaser.id });
      expect(again.charged).toBe(0);
      expect(await ledgerSum(db, investor.id)).toBe(await balanceOf(t, investor.id));
    });

    it('returns the credits exactly once on decline, and a second decide changes nothing', async () => {
      const teaser = await publishedTeaser(t, founder);
      const investor = await person(t, '投资人乙');
      await grantCredits(t, investor.id, 50 + price);
      const asked = await data(t, investor, '/teaser/UnLockContactInfo', { id: teaser.id });
      expect(await balanceOf(t, investor.id)).toBe(50);
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          call(t, founder, '/teaser/decideUnlock', { unlockId: asked.unlock.id, accept: false }),
        ),
      );
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      expect(await balanceOf(t, investor.id)).toBe(50 + price);
      const late = await call(t, founder, '/teaser/decideUnlock', {
        unlockId: asked.unlock.id,
        accept: true,
      });
      expect(late.statusCode).toBe(409);
      const [refunds] = await selectRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from ledger_entries where user_id = ${investor.id} and kind = 'refund'`,
      );
      expect(refunds!.n).toBe(1);
      const seen = await data(t, investor, '/teaser/getTeaser', { id: teaser.id });
      expect(seen.contactState).toBe('declined');
      expect(seen.contacts.phone).toBe('138****5678');
      expect(await ledgerSum(db, investor.id)).toBe(50 + price);
    });

    it('charges once for 50 concurrent requests on one teaser', async () => {
      const teaser = await publishedTeaser(t, founder);
      const investor = await person(t, '投资人丙');
      await grantCredits(t, investor.id, 1000 + price);
      const results = await Promise.all(
        Array.from({ length: 50 }, () => call(t, investor, '/teaser/UnLockContactInfo', { id: teaser.id })),
      );
      expect(results.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
      const charged = results.map((r) => r.json().data.charged as number);
      expect(charged.filter((c) => c > 0)).toHaveLength(1);
      expect(await balanceOf(t, investor.id)).toBe(1000);
      const [spends] = await selectRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from ledger_entries where user_id = ${investor.id} and kind = 'spend'`,
      );
      expect(spends!.n).toBe(1);
      expect(await ledgerSum(db, investor.id)).toBe(1000);
    }, 60_000);

    it('refuses without enough credits, charges nothing, and lets a VIP ask for free', async () => {
      const teaser = await publishedTeaser(t, founder);
      const poor = await person(t, '余额不足');
      const res = await call(t, poor, '/teaser/UnLockContactInfo', { id: teaser.id });
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toContain('算力不足');
      expect((await data(t, poor, '/teaser/getTeaser', { id: teaser.id })).contactState).toBe('locked');
      const vip = await person(t, 'VIP 投资人');
      await db
        .update(users)
        .set({ vipExpiresAt: new Date(Date.now() + 86_400_000) })
        .where(sql`id = ${vip.id}`);
      const free = await data(t, vip, '/teaser/UnLockContactInfo', { id: teaser.id });
      expect(free).toMatchObject({ charged: 0, unlock: { via: 'vip', status: 'pending' } });
      const own = await call(t, founder, '/teaser/UnLockContactInfo', { id: teaser.id });
      expect(own.statusCode).toBe(400);
    });

    it('releases a request the founder leaves unanswered past the timeout, once', async () => {
      const teaser = await publishedTeaser(t, founder);
      const investor = await person(t, '投资人丁');
      await grantCredits(t, investor.id, 30 + price);
      const asked = await data(t, investor, '/teaser/UnLockContactInfo', { id: teaser.id });
      expect(await expireUnlocks(db)).toBe(0);
      await db.execute(
        sql`update teaser_unlocks set expires_at = now() - interval '1 second' where id = ${asked.unlock.id}`,
      );
      const [a, b] = await Promise.all([expireUnlocks(db), expireUnlocks(db)]);
      expect(a + b).toBe(1);
      expect(await expireUnlocks(db)).toBe(0);
      expect(await balanceOf(t, investor.id)).toBe(30 + price);
      const thread = await data(t, investor, '/teaser/getTeaserConversation', { unlockId: asked.unlock.id });
      expect(thread.unlock.status).toBe('expired');
      // Asking again after a timeout is a new request, paid again.
      const again = await data(t, investor, '/teaser/UnLockContactInfo', { id: teaser.id });
      expect(again.charged).toBe(asked.charged);
      expect(await balanceOf(t, investor.id)).toBe(30);
      expect(await ledgerSum(db, investor.id)).toBe(30);
    });

    it('charges an order once, delivers to platform members, and refunds undelivered children by the rule, once', async () => {
      const teaser = await publishedTeaser(t, founder);
      await grantCredits(t, founder.id, 500);
      const [org] = await db
        .insert(institutions)
        .values({ name: '远山资本', shortName: '远山' } as never)
        .returning();
      const made = await db
        .insert(investors)
        .values([
          { name: '赵投资', institutionId: org!.id },
          { name: '钱投资', institutionId: null },
          { name: '孙投资', institutionId: null },
        ] as never)
        .returning({ id: investors.id });
      const ids = made.map((m) => m.id);
      const before = await balanceOf(t, founder.id);
      const order = await data(t, founder, '/teaser/createTeaserOrder', { id: teaser.id, investorIds: ids });
      expect(order).toMatchObject({
        unitCredits: 20,
        totalCredits: 60,
        status: 'paid',
        children: { total: 3, pending: 3 },
      });
      expect(await balanceOf(t, founder.id)).toBe(before - 60);
      const other = await person(t, '别人');
      expect((await call(t, other, '/teaser/checkOrder', { orderno: order.orderno })).statusCode).toBe(404);
      // A member of 远山资本 on the platform receives the first child.
      const member = await person(t, '远山的投资经理');
      await db
        .insert(userProfiles)
        .values({ userId: member.id, role: 2, company: '远山资本', title: '投资经理', orgName: '远山资本' });
      expect(await deliverOrders(db)).toBe(1);
      const coll = await data(t, member, '/teaser/getTeaserCollection', { kind: 'delivered' });
      expect(coll.list[0]).toMatchObject({ id: teaser.id, isDelivered: true });
      const early = await call(t, founder, '/teaser/applyRefund', { orderno: order.orderno });
      expect(early.statusCode).toBe(409);
      expect(early.json().msg).toContain('退款规则');
      await db.execute(
        sql`update teaser_orders set created_at = now() - interval '8 days' where orderno = ${order.orderno}`,
      );
      const checked = await data(t, founder, '/teaser/checkOrder', { orderno: order.orderno });
      expect(checked.refundableCredits).toBe(40);
      const results = await Promise.all(
        Array.from({ length: 5 }, () => call(t, founder, '/teaser/applyRefund', { orderno: order.orderno })),
      );
      const ok = results.filter((r) => r.statusCode === 200);
      expect(ok).toHaveLength(1);
      expect(ok[0]!.json().data).toMatchObject({
        refundedCredits: 40,
        refundedChildren: 2,
        order: { status: 'done', refundedCredits: 40 },
      });
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(4);
      expect(await balanceOf(t, founder.id)).toBe(before - 20);
      const children = await data(t, founder, '/teaser/getTeaserOrderChild', { orderno: order.orderno });
      expect(children.list.map((c: { status: string }) => c.status).sort()).toEqual([
        'delivered',
        'refunded',
        'refunded',
      ]);
      const orders = await data(t, founder, '/teaser/getTeaserOrder', {});
      expect(orders.list[0].orderno).toBe(order.orderno);
      expect(await ledgerSum(db, founder.id)).toBe(await balanceOf(t, founder.id));
    });
  });
}
