import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TURN_LIMITS } from '../../src/modules/assistant/run-turn.js';
import { CHAT_FREE_TURNS } from '../../src/modules/billing/index.js';
import { addCredits } from '../../src/modules/billing/ledger.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/users.js';
import { anonymous, api, seedDemo, signedIn } from './helpers.js';

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`free turns and the locked state (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ engine });
      await seedDemo(t);
    });
    afterAll(() => t.close());

    it('gives an anonymous client its free turns, then locks with 登录体验更多功能', async () => {
      const a = api(t);
      const me = anonymous();
      const chatuuid = await a.createChat(me);
      const before = await a.data('POST', '/chat/getremainingchats', me, {});
      expect(before).toMatchObject({
        remaining: CHAT_FREE_TURNS.anonymous,
        isLocked: false,
        isSignedIn: false,
      });
      for (let i = 0; i < CHAT_FREE_TURNS.anonymous; i++) {
        const { events } = await a.ask(me, chatuuid, '储能行业的市场规模有多大');
        expect(events.at(-1)).toMatchObject({ status: 'done', remaining: CHAT_FREE_TURNS.anonymous - i - 1 });
      }
      // Deleting conversations does not give turns back.
      await a.data('POST', '/chat/deletechat', me, { chatuuid });
      const next = await a.createChat(me);
      const { events } = await a.ask(me, next, '储能行业的市场规模有多大');
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        type: 'status',
        status: 'locked',
        isend: true,
        quota: { remaining: 0, isLocked: true, lockText: '登录体验更多功能' },
      });
      const detail = await a.data('GET', '/chat/chatconversation', me, { chatuuid: next });
      expect(detail.messages).toHaveLength(0);
      expect(detail.quota).toMatchObject({ isLocked: true });
      // Another client id on its own has its own quota.
      const other = anonymous();
      expect((await a.data('POST', '/chat/getremainingchats', other, {})).remaining).toBe(
        CHAT_FREE_TURNS.anonymous,
      );
    });

    it('locks a signed-in user with 解锁更多内容 until the conversation is unlocked with ChatPerCharge', async () => {
      const a = api(t);
      const db = t.platform.database.db;
      const { user, cookie } = await signIn(db);
      const me = signedIn(cookie);
      const chatuuid = await a.createChat(me);
      for (let i = 0; i < CHAT_FREE_TURNS.signedIn; i++) {
        const { events } = await a.ask(me, chatuuid, '有哪些关注储能的投资机构');
        expect(events.at(-1)?.status).toBe('done');
      }
      const locked = await a.ask(me, chatuuid, '有哪些关注储能的投资机构');
      expect(locked.events[0]).toMatchObject({
        status: 'locked',
        quota: { lockText: '解锁更多内容', isUnlocked: false },
      });

      // Not enough credits: the unlock is refused and the conversation stays locked.
      const refused = await a.call('POST', '/pay/PowerUnlock', me, {
        action: 'ChatPerCharge',
        ConversationId: chatuuid,
      });
      expect(refused.statusCode).toBe(403);
      await addCredits(db, {
        userId: user.id,
        credits: 50,
        kind: 'adjust',
        reference: 'test',
        description: '测试充值',
      });
      const paid = await a.data('POST', '/pay/PowerUnlock', me, {
        action: 'ChatPerCharge',
        ConversationId: chatuuid,
      });
      expect(paid.via).toBe('credits');
      const quota = await a.data('POST', '/chat/getremainingchats', me, { chatuuid });
      expect(quota).toMatchObject({ remaining: 0, isUnlocked: true, isLocked: false });
      const { events } = await a.ask(me, chatuuid, '有哪些关注储能的投资机构');
      expect(events.at(-1)?.status).toBe('done');
      // The unlock is for that conversation only.
      const another = await a.createChat(me);
      expect((await a.ask(me, another, '你好')).events[0]?.status).toBe('locked');
    });

    it('holds anonymous flooding with rotating client ids to the per-IP limit', async () => {
      const a = api(t);
      let refused = 0;
      let answered = 0;
      for (let i = 0; i < TURN_LIMITS.anonymousIpPerMinute + 3; i++) {
        const me = anonymous();
        const chatuuid = await a.createChat(me);
        const res = await a.call('POST', '/chat/schat', me, { chatuuid, question: '你好' });
        if (res.statusCode === 429) {
          refused++;
          expect(res.json().msg).toContain('频繁');
        } else answered++;
      }
      expect(answered).toBeLessThanOrEqual(TURN_LIMITS.anonymousIpPerMinute);
      expect(refused).toBeGreaterThanOrEqual(3);
    });
  });
}
