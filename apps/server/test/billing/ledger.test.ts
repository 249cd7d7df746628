/**
 * The ledger and balances: concurrent spends never overdraw, the database itself refuses
 * a negative balance and any rewrite of the ledger, charges are atomic and idempotent,
 * contact unlocks charge or pass for VIP, and reconciliation catches a tampered balance.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, ledgerEntries, projects, userProjects, users } from '../../src/db/schema.js';
import { can, charge, getBalance, unlockProjectContacts } from '../../src/modules/billing/index.js';
import { addCredits } from '../../src/modules/billing/ledger.js';
import { reconcile } from '../../src/modules/billing/reconcile.js';
import type { Db } from '../../src/platform/database/index.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { createUser, signIn } from '../helpers/users.js';
import { conversationsOf } from './helpers.js';

async function grant(db: Db, userId: number, credits: number) {
  await db.transaction((tx) =>
    addCredits(tx as unknown as Db, {
      userId,
      credits,
      kind: 'grant',
      reference: 'test:grant',
      description: '测试赠送',
    }),
  );
}

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`ledger and balances on ${engine}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ engine });
    });
    afterAll(() => t.close());
    const db = () => t.platform.database.db;

    it('lets exactly 50 of 200 concurrent spends through a balance that covers 50 (API)', async () => {
      const { cookie, user } = await signIn(db());
      await grant(db(), user.id, 50 * 10); // ChatPerCharge costs 10 credits
      const chats = await conversationsOf(db(), user.id, 200);
      const results = await Promise.all(
        chats.map((chatuuid) =>
          t.app.inject({
            method: 'POST',
            url: '/api/pay/PowerUnlock',
            headers: { cookie },
            payload: { action: 'ChatPerCharge', ConversationId: chatuuid },
          }),
        ),
      );
      const codes = results.map((r) => r.json().code);
      expect(codes.filter((c) => c === 1000)).toHaveLength(50);
      expect(codes.filter((c) => c === -403)).toHaveLength(150);
      expect(results.find((r) => r.json().code === -403)!.json().msg).toContain('算力不足');
      expect(await getBalance(db(), user.id)).toBe(0);
      const spends = await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id));
      expect(spends.filter((e) => e.kind === 'spend')).toHaveLength(50);
      expect(Math.min(...spends.map((e) => e.balanceAfter ?? 0))).toBe(0);
    });

    it('lets exactly 50 of 200 concurrent charge() calls through, never below zero', async () => {
      const user = await createUser(db());
      await grant(db(), user.id, 150);
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          charge(db(), { userId: user.id, what: '测试消费', credits: 3, reference: `test:${i}` }),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(50);
      expect(await getBalance(db(), user.id)).toBe(0);
    });

    it('refuses a negative balance in the database itself (CHECK)', async () => {
      const user = await createUser(db());
      await grant(db(), user.id, 5);
      await expect(
        db().update(balances).set({ credits: -1 }).where(eq(balances.userId, user.id)),
      ).rejects.toThrow();
      expect(await getBalance(db(), user.id)).toBe(5);
    });

    it('refuses UPDATE, DELETE and TRUNCATE of the ledger (trigger)', async () => {
      const user = await createUser(db());
      await grant(db(), user.id, 5);
      await expect(
        db().update(ledgerEntries).set({ amount: 500 }).where(eq(ledgerEntries.userId, user.id)),
      ).rejects.toThrow();
      await expect(db().delete(ledgerEntries).where(eq(ledgerEntries.userId, user.id))).rejects.toThrow();
      await expect(db().execute(sql`truncate ledger_entries`)).rejects.toThrow();
      const rows = await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id));
      expect(rows.map((r) => r.amount)).toEqual([5]);
    });

    it('leaves nothing half-done when the thing bought fails', async () => {
      const user = await createUser(db());
      await grant(db(), user.id, 20);
      await expect(
        charge(
          db(),
          { userId: user.id, what: '会失败的购买', credits: 10, reference: 'test:fail' },
          async () => {
            throw new Error('下游失败');
          },
        ),
      ).rejects.toThrow('下游失败');
      expect(await getBalance(db(), user.id)).toBe(20);
      const rows = await db().select().from(ledgerEntries).where(eq(ledgerEntries.reference, 'test:fail'));
      expect(rows).toEqual([]);
    });

    it('charges once per reference when asked to be idempotent, even concurrently', async () => {
      const user = await createUser(db());
      await grant(db(), user.id, 100);
      const request = {
        userId: user.id,
        what: '幂等消费',
        credits: 30,
        reference: 'test:once',
        idempotent: true,
      };
      const results = await Promise.all(Array.from({ length: 10 }, () => charge(db(), request)));
      expect(results.every((r) => r.ok)).toBe(true);
      expect(results.filter((r) => r.ok && !r.isDuplicate)).toHaveLength(1);
      expect(await getBalance(db(), user.id)).toBe(70);
    });

    it('unlocks project contacts with DockPerCharge credits, or free for VIP, in one transaction', async () => {
      const [project] = await db()
        .insert(projects)
        .values({ name: '深圳市测试科技有限公司', industryId: 'ai' })
        .returning();
      const buyer = await createUser(db());
      const poor = await createUser(db());
      const vip = await createUser(db(), { vipExpiresAt: new Date(Date.now() + 86_400_000) });
      await grant(db(), buyer.id, 250);

      const paid = await unlockProjectContacts(db(), buyer.id, project!.id, t.config);
      expect(paid).toMatchObject({
        via: 'credits',
        charged: 199,
        power: 51,
        reference: `unlock:project:${project!.id}`,
      });
      const [entry] = await db()
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.reference, paid.reference));
      expect(entry!.description).toBe('解锁项目联系方式：深圳市测试科技有限公司');
      expect(await unlockProjectContacts(db(), buyer.id, project!.id, t.config)).toMatchObject({
        via: 'already',
        charged: 0,
      });

      await expect(unlockProjectContacts(db(), poor.id, project!.id, t.config)).rejects.toThrow('算力不足');
      expect(await unlockProjectContacts(db(), vip.id, project!.id, t.config)).toMatchObject({
        via: 'vip',
        charged: 0,
      });
      const rows = await db().select().from(userProjects).where(eq(userProjects.projectId, project!.id));
      expect(rows.map((r) => r.userId).sort()).toEqual([buyer.id, vip.id].sort());
      await expect(unlockProjectContacts(db(), buyer.id, 987654321, t.config)).rejects.toThrow('项目不存在');
    });

    it('answers can(user, benefit) from the VIP expiry', async () => {
      const active = { vipExpiresAt: new Date(Date.now() + 1000) };
      const lapsed = { vipExpiresAt: new Date(Date.now() - 1000) };
      for (const benefit of [
        'teaserPriority',
        'contactUnlock',
        'investorLibraryMatch',
        'priorityMatch',
        'bountyPriority',
      ] as const) {
        expect(can(active, benefit)).toBe(true);
        expect(can(lapsed, benefit)).toBe(false);
        expect(can(null, benefit)).toBe(false);
      }
    });

    it('lists what each credit entry bought, newest first, only the caller’s own', async () => {
      const { cookie, user } = await signIn(db());
      const other = await signIn(db());
      await grant(db(), user.id, 40);
      await charge(db(), {
        userId: user.id,
        what: '解锁优化建议：BP-1',
        credits: 15,
        reference: 'unlock:opt:BP-1',
      });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/${t.config.product}/GetUserPowerCost`,
        headers: { cookie },
        payload: { page: 1, pageSize: 10 },
      });
      expect(
        res
          .json()
          .data.list.map((r: { power: number; kindLabel: string; description: string }) => [
            r.power,
            r.kindLabel,
            r.description,
          ]),
      ).toEqual([
        [-15, '消费', '解锁优化建议：BP-1'],
        [40, '赠送', '测试赠送'],
      ]);
      const spends = await t.app.inject({
        method: 'POST',
        url: `/api/${t.config.product}/GetUserPowerCost`,
        headers: { cookie },
        payload: { type: 'spend' },
      });
      expect(spends.json().data.total).toBe(1);
      const theirs = await t.app.inject({
        method: 'POST',
        url: `/api/${t.config.product}/GetUserPowerCost`,
        headers: { cookie: other.cookie },
        payload: {},
      });
      expect(theirs.json().data.total).toBe(0);
    });

    it('reconciles clean, then reports a balance that no longer matches its ledger', async () => {
      const clean = await reconcile(db());
      expect(clean.discrepancies).toEqual([]);
      expect(clean.lines.join('\n')).toContain('余额与账本一致');
      const user = await createUser(db());
      await grant(db(), user.id, 10);
      await db().update(balances).set({ credits: 15 }).where(eq(balances.userId, user.id));
      const dirty = await reconcile(db());
      expect(dirty.ok).toBe(false);
      expect(dirty.discrepancies).toEqual([`用户 ${user.id}：余额 15 算力，账本合计 10 算力`]);
      await db().update(balances).set({ credits: 10 }).where(eq(balances.userId, user.id));
      await db().update(users).set({ name: '对账后' }).where(eq(users.id, user.id));
      expect((await reconcile(db())).ok).toBe(true);
    });
  });
}
