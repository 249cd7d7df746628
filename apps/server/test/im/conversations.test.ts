/**
 * Private chats over the HTTP rows on both databases: starting one from a person or a
 * library record, sending, paging history, unread counts and reads, read receipts,
 * retries with one client id, search, block, report, and the bad inputs of issue 20
 * (not a member answers like missing; empty, oversized, flood).
 */
import { IM_LIMITS } from '@jq/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { investors, projects } from '../../src/db/schema.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { call, ok, type Person, person, privateChat, say } from './helpers.js';

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`private chats (${engine})`, () => {
    let t: TestApp;
    let ann: Person;
    let bob: Person;
    beforeAll(async () => {
      t = await createTestApp({ engine });
      ann = await person(t, '安娜');
      bob = await person(t, '鲍勃');
    });
    afterAll(() => t.close());

    it('keeps one conversation per pair, seq per conversation, and exact unread counts', async () => {
      const conv = await privateChat(t, ann, bob);
      expect(await privateChat(t, bob, ann)).toBe(conv);
      const first = await say(t, ann, conv, '你好，想了解一下贵司的融资计划');
      const second = await say(t, ann, conv, '方便的话约个时间聊聊');
      expect([first.seq, second.seq]).toEqual([1, 2]);
      expect(first.sender).toMatchObject({ uguid: ann.uguid, name: '安娜' });

      const bobs = await ok(t, bob, '/im/conversations');
      expect(bobs.totalUnread).toBe(2);
      expect(bobs.list[0]).toMatchObject({
        id: conv,
        kind: 'private',
        name: '安娜',
        unread: 2,
        lastSeq: 2,
        peer: { uguid: ann.uguid },
      });
      expect(bobs.list[0].lastMessage.text).toBe('方便的话约个时间聊聊');
      // The sender has read their own messages.
      expect((await ok(t, ann, '/im/conversations')).totalUnread).toBe(0);

      expect(await ok(t, bob, '/im/read', { id: conv, seq: 1 })).toEqual({
        readSeq: 1,
        unread: 1,
        totalUnread: 1,
      });
      // Reads never go backwards and never pass the newest message.
      expect((await ok(t, bob, '/im/read', { id: conv, seq: 0 })).readSeq).toBe(1);
      expect(await ok(t, bob, '/im/read', { id: conv, seq: 999 })).toMatchObject({
        readSeq: 2,
        totalUnread: 0,
      });
      // Read receipt: Ann sees how far Bob has read.
      expect((await ok(t, ann, '/im/info', { id: conv })).peerReadSeq).toBe(2);
    });

    it('pages history backwards and forwards by seq', async () => {
      const cat = await person(t, '陈');
      const conv = await privateChat(t, cat, ann);
      for (let i = 1; i <= 7; i++) await say(t, i % 2 ? cat : ann, conv, `第 ${i} 条`);
      const newest = await ok(t, cat, '/im/messages', { id: conv, pageSize: 3 });
      expect(newest.list.map((m: { seq: number }) => m.seq)).toEqual([5, 6, 7]);
      expect(newest).toMatchObject({ hasMore: true, lastSeq: 7 });
      const older = await ok(t, cat, '/im/messages', { id: conv, beforeSeq: 5, pageSize: 3 });
      expect(older.list.map((m: { seq: number }) => m.seq)).toEqual([2, 3, 4]);
      const oldest = await ok(t, cat, '/im/messages', { id: conv, beforeSeq: 2, pageSize: 3 });
      expect(oldest).toMatchObject({ hasMore: false });
      expect(oldest.list.map((m: { text: string }) => m.text)).toEqual(['第 1 条']);
      const after = await ok(t, cat, '/im/messages', { id: conv, afterSeq: 5 });
      expect(after.list.map((m: { seq: number }) => m.seq)).toEqual([6, 7]);
    });

    it('stores a retried send once (same client id)', async () => {
      const dan = await person(t, '丹');
      const conv = await privateChat(t, dan, bob);
      const once = await say(t, dan, conv, '重试的消息', 'c-retry-1');
      const again = await say(t, dan, conv, '重试的消息', 'c-retry-1');
      expect(again).toEqual(once);
      const both = await Promise.all([
        say(t, dan, conv, '并发', 'c-race'),
        say(t, dan, conv, '并发', 'c-race'),
      ]);
      expect(both[0].id).toBe(both[1].id);
      expect((await ok(t, bob, '/im/messages', { id: conv })).list).toHaveLength(2);
    });

    it('refuses a conversation one is not in exactly like one that does not exist', async () => {
      const eve = await person(t, '伊芙');
      const conv = await privateChat(t, ann, bob);
      for (const [path, body] of [
        ['/im/messages', { id: conv }],
        ['/im/send', { id: conv, text: '偷看' }],
        ['/im/read', { id: conv, seq: 1 }],
        ['/im/info', { id: conv }],
        ['/im/search', { id: conv, keyword: '你好' }],
        ['/im/notify', { id: conv, isNotifyOff: true }],
      ] as const) {
        const theirs = await call(t, eve, path, body);
        const missing = await call(t, eve, path, { ...body, id: 987_654 });
        expect({ path, status: theirs.status, body: theirs.body }).toEqual({
          path,
          status: missing.status,
          body: missing.body,
        });
        expect(theirs.status).toBe(404);
      }
      expect((await ok(t, eve, '/im/conversations')).list).toEqual([]);
      expect((await call(t, null, '/im/conversations')).status).toBe(401);
    });

    it('refuses empty, oversized and malformed messages and a flood, with Chinese messages', async () => {
      const fay = await person(t, '费');
      const conv = await privateChat(t, fay, bob);
      const empty = await call(t, fay, '/im/send', { id: conv, text: '   ' });
      expect(empty.status).toBe(400);
      expect(empty.body.msg).toContain('不能发送空消息');
      const long = await call(t, fay, '/im/send', {
        id: conv,
        text: '长'.repeat(IM_LIMITS.textMaxChars + 1),
      });
      expect(long.status).toBe(400);
      expect(long.body.msg).toContain(`不能超过 ${IM_LIMITS.textMaxChars} 字`);
      expect((await call(t, fay, '/im/send', { id: 'abc', text: 'x' })).status).toBe(400);
      expect((await call(t, fay, '/im/send', { id: conv, kind: 'image' })).body.msg).toContain(
        '请先上传文件',
      );
      expect(
        (await call(t, fay, '/im/send', { id: conv, kind: 'file', fileId: 'nonexistentfile0' })).status,
      ).toBe(400);
      let refused = 0;
      for (let i = 0; i < IM_LIMITS.sendPerWindow + 5; i++) {
        const res = await call(t, fay, '/im/send', { id: conv, text: `刷屏 ${i}` });
        if (res.status === 429) {
          refused++;
          expect(res.body.msg).toBe('发送太频繁，请稍后再试');
        }
      }
      expect(refused).toBe(5);
      // Everyone else is still served.
      expect((await say(t, bob, conv, '还在吗')).seq).toBe(IM_LIMITS.sendPerWindow + 1);
    });

    it('blocks a person: their private messages are refused until unblocked', async () => {
      const gus = await person(t, '古斯');
      const conv = await privateChat(t, gus, ann);
      await say(t, gus, conv, '在吗');
      expect(await ok(t, ann, '/im/block', { tuid: gus.uguid, isBlocked: true })).toEqual({
        isBlocked: true,
      });
      expect((await ok(t, ann, '/im/info', { id: conv })).isBlocked).toBe(true);
      const refused = await call(t, gus, '/im/send', { id: conv, text: '为什么不回' });
      expect(refused.body).toMatchObject({ code: -403, msg: '对方已拒收你的消息' });
      expect((await call(t, ann, '/im/send', { id: conv, text: 'x' })).body.msg).toContain('你已屏蔽对方');
      await ok(t, ann, '/im/block', { tuid: gus.uguid, isBlocked: false });
      expect((await say(t, gus, conv, '好的')).seq).toBe(2);
      expect((await call(t, ann, '/im/block', { tuid: ann.uguid, isBlocked: true })).status).toBe(400);
    });

    it('reports a message the reporter can see, once', async () => {
      const hal = await person(t, '哈尔');
      const conv = await privateChat(t, hal, bob);
      const spam = await say(t, hal, conv, '加我微信领取内部消息');
      const res = await call(t, bob, '/im/report', { messageId: spam.id, reason: 'spam', detail: '广告' });
      expect(res.body).toMatchObject({ code: 1000, msg: '已收到举报，我们会尽快处理' });
      await ok(t, bob, '/im/report', { messageId: spam.id, reason: 'fraud' });
      const rows = await t.platform.database.db.execute(
        sql`select count(*)::int as n from im_reports where message_id = ${spam.id}`,
      );
      expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
      const stranger = await person(t, '路人');
      expect((await call(t, stranger, '/im/report', { messageId: spam.id, reason: 'spam' })).status).toBe(
        404,
      );
      expect((await call(t, hal, '/im/report', { messageId: spam.id, reason: 'spam' })).status).toBe(400);
      expect((await call(t, bob, '/im/report', { messageId: spam.id, reason: 'bad' })).status).toBe(400);
    });

    it('searches within one conversation only, with % and _ taken literally', async () => {
      const ivy = await person(t, '艾薇');
      const conv = await privateChat(t, ivy, bob);
      await say(t, ivy, conv, '估值 5 亿，释放 10% 股份');
      await say(t, bob, conv, '估值有点高');
      await say(t, ivy, conv, '另一件事');
      const other = await privateChat(t, ivy, ann);
      await say(t, ivy, other, '估值不在这里');
      const found = await ok(t, bob, '/im/search', { id: conv, keyword: '估值' });
      expect(found.total).toBe(2);
      expect(found.list.map((m: { seq: number }) => m.seq)).toEqual([2, 1]);
      expect((await ok(t, bob, '/im/search', { id: conv, keyword: '10%' })).total).toBe(1);
      expect((await ok(t, bob, '/im/search', { id: conv, keyword: '%' })).total).toBe(1);
      expect((await call(t, bob, '/im/search', { id: conv, keyword: '' })).status).toBe(400);
    });

    it('starts a private chat with the account behind an investor or a project', async () => {
      const db = t.platform.database.db;
      const investorUser = await person(t, '投资人本人', { phone: '13800000001' });
      const founder = await person(t, '创始人');
      const [inv] = await db
        .insert(investors)
        .values({ name: '投资人本人', phone: '13800000001', searchTokens: '', nameGrams: '' })
        .returning();
      const [lonely] = await db
        .insert(investors)
        .values({ name: '未入驻', phone: '13800000009', searchTokens: '', nameGrams: '' })
        .returning();
      const [owned] = await db
        .insert(projects)
        .values({
          name: '某某科技',
          industryId: 'ai',
          ownerUserId: founder.id,
          searchTokens: '',
          nameGrams: '',
        })
        .returning();
      const byInvestor = await ok(t, ann, '/im/private', { investorId: inv!.id });
      expect(byInvestor.peer.uguid).toBe(investorUser.uguid);
      const byProject = await ok(t, ann, '/im/private', { projectId: owned!.id });
      expect(byProject.peer.uguid).toBe(founder.uguid);
      const none = await call(t, ann, '/im/private', { investorId: lonely!.id });
      expect(none.body).toMatchObject({ code: -404, msg: '对方尚未入驻金桥，暂时无法私信' });
      expect((await call(t, ann, '/im/private', { tuid: ann.uguid })).status).toBe(400);
      expect((await call(t, ann, '/im/private', {})).status).toBe(400);
    });
  });
}
