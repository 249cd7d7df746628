/**
 * Per-use unlocks and orders are for things that exist and the buyer may see (issue 13,
 * item 4): a made-up conversation or analysis id, or another user's, is refused before any
 * order or charge — the same answer for both — and nothing is written.
 */
import { Code } from '@jq/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyses, ledgerEntries, payOrders } from '../../src/db/schema.js';
import { addCredits } from '../../src/modules/billing/ledger.js';
import type { Db } from '../../src/platform/database/index.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/users.js';
import { balanceOf, post } from './helpers.js';

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
  describe.skipIf(!available)(`unlock targets on ${engine}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ engine });
    });
    afterAll(() => t.close());
    const db = () => t.platform.database.db;
    const answer = (res: { statusCode: number; json(): { code: number; msg: string } }) => ({
      status: res.statusCode,
      code: res.json().code,
      msg: res.json().msg,
    });
    const ordersOf = (userId: number) => db().select().from(payOrders).where(eq(payOrders.userId, userId));
    const ledgerOf = (userId: number) =>
      db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));

    it('charges and orders nothing for a made-up or another user’s conversation, and answers both alike', async () => {
      const buyer = await signIn(db());
      const other = await signIn(db());
      await grant(db(), buyer.user.id, 100);
      const othersChat = (await post(t, '/api/chat/createchat', other.cookie, {})).json().data
        .chatuuid as string;
      const ownChat = (await post(t, '/api/chat/createchat', buyer.cookie, {})).json().data
        .chatuuid as string;
      const [othersAnalysis] = await db()
        .insert(analyses)
        .values({ userId: other.user.id, mode: 'diagnosis', source: 'upload', status: 'done' })
        .returning({ id: analyses.id });
      const entriesBefore = (await ledgerOf(buyer.user.id)).length;

      for (const action of ['ChatPerCharge', 'OptPerCharge'] as const) {
        const madeUp = action === 'ChatPerCharge' ? 'does-not-exist-xyz' : 'analysis-987654321';
        const notMine = action === 'ChatPerCharge' ? othersChat : `analysis-${othersAnalysis!.id}`;
        const unlockMadeUp = await post(t, '/api/pay/PowerUnlock', buyer.cookie, {
          action,
          ConversationId: madeUp,
        });
        expect(answer(unlockMadeUp), action).toMatchObject({ status: 404, code: Code.NOT_FOUND });
        const unlockOthers = await post(t, '/api/pay/PowerUnlock', buyer.cookie, {
          action,
          ConversationId: notMine,
        });
        expect(answer(unlockOthers), action).toEqual(answer(unlockMadeUp));
        for (const ConversationId of [madeUp, notMine]) {
          for (const url of ['/api/chat/GetChargeCode', '/api/chat/GetWxJsPay']) {
            const order = await post(t, url, buyer.cookie, { action, ConversationId, clienttp: 'qrcode' });
            expect(answer(order), `${url} ${action} ${ConversationId}`).toEqual(answer(unlockMadeUp));
          }
        }
      }
      expect(
        answer(await post(t, '/api/pay/PowerUnlock', buyer.cookie, { action: 'DockPerCharge' })),
      ).toMatchObject({
        status: 400,
      });
      expect(await balanceOf(t, buyer.cookie)).toBe(100);
      expect(await ordersOf(buyer.user.id)).toEqual([]);
      expect(await ledgerOf(buyer.user.id)).toHaveLength(entriesBefore);

      // The buyer's own conversation: ordered and unlocked as before.
      const order = await post(t, '/api/chat/GetChargeCode', buyer.cookie, {
        action: 'ChatPerCharge',
        ConversationId: ownChat,
        clienttp: 'qrcode',
      });
      expect(order.json().code, order.body).toBe(Code.OK);
      const paid = await post(t, '/api/pay/PowerUnlock', buyer.cookie, {
        action: 'ChatPerCharge',
        ConversationId: ownChat,
      });
      expect(paid.json().data).toMatchObject({ via: 'credits', charged: 10, power: 90 });
      expect(await ordersOf(buyer.user.id)).toHaveLength(1);
    });
  });
}
