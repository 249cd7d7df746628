import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/users.js';
import { anonymous, api, seedDemo, signedIn, textOf } from './helpers.js';

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`conversations (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ engine });
      await seedDemo(t);
    });
    afterAll(() => t.close());

    it('lists the agents with 融资顾问, 行业研究员 and 投资经理', async () => {
      const list = (await api(t).data('GET', '/auth/aiagentlist', anonymous())).list;
      const names = list.map((a: { name: string }) => a.name);
      expect(names).toEqual(expect.arrayContaining(['融资顾问', '行业研究员', '投资经理']));
      expect(list.filter((a: { isDefault: boolean }) => a.isDefault)).toHaveLength(1);
      expect(JSON.stringify(list)).not.toContain('system');
    });

    it('keeps a conversation: messages, title, history by action, and deletion', async () => {
      const a = api(t);
      const me = anonymous();
      const chatuuid = await a.createChat(me, { action: 'homechat', agent: 'investor' });
      await a.ask(me, chatuuid, '帮我找新能源汽车领域的A轮项目');
      const detail = await a.data('GET', '/chat/chatconversation', me, { chatuuid });
      expect(detail.conversation).toMatchObject({
        chatuuid,
        kind: 'chat',
        action: 'homechat',
        agent: 'investor',
      });
      expect(detail.conversation.title).toBe('帮我找新能源汽车领域的A轮项目');
      expect(detail.messages.map((m: { role: string; status: string }) => [m.role, m.status])).toEqual([
        ['user', 'done'],
        ['assistant', 'done'],
      ]);
      expect(detail.messages[1].cards.length).toBeGreaterThan(0);
      expect(detail.isGenerating).toBe(false);

      const byAction = await a.data('GET', '/chat/chathistory', me, { action: 'homechat' });
      expect(byAction.list.map((c: { chatuuid: string }) => c.chatuuid)).toEqual([chatuuid]);
      expect((await a.data('GET', '/chat/chathistory', me, { action: 'chat' })).total).toBe(0);
      expect((await a.data('POST', '/chat/history', me, {})).total).toBe(1);

      expect(await a.data('POST', '/chat/deletechat', me, { chatuuid })).toEqual({
        chatuuid,
        isDeleted: true,
      });
      const gone = await a.call('GET', '/chat/chatconversation', me, { chatuuid });
      expect(gone.statusCode).toBe(404);
      expect((await a.data('POST', '/chat/history', me, {})).total).toBe(0);
    });

    it("answers another user's or client's conversation exactly as a made-up id, on every row", async () => {
      const a = api(t);
      const db = t.platform.database.db;
      const owner = signedIn((await signIn(db)).cookie);
      const other = signedIn((await signIn(db)).cookie);
      const stranger = anonymous();
      const chatuuid = await a.createChat(owner);
      await a.ask(owner, chatuuid, '储能行业的市场规模有多大');
      const madeUp = 'does-not-exist-xyz';
      const rows: ['GET' | 'POST', string, object][] = [
        ['POST', '/chat/schat', { question: '你好' }],
        ['POST', '/chat/smixchat', { question: '你好' }],
        ['GET', '/chat/chatconversation', {}],
        ['GET', '/chat/mixchatconversation', {}],
        ['POST', '/chat/deletechat', {}],
        ['GET', '/chat/leavechat', {}],
        ['POST', '/chat/getremainingchats', {}],
        ['POST', '/chat/GetShareNewChat', {}],
        ['POST', '/acchat/ipoinquiry', {}],
        ['POST', '/chat/exportbp', {}],
        ['POST', '/chat/reportcreate', {}],
      ];
      const answer = async (caller: typeof owner, method: 'GET' | 'POST', path: string, payload: object) => {
        const res = await a.call(method, path, caller, payload);
        return { status: res.statusCode, code: res.json().code, msg: res.json().msg };
      };
      for (const intruder of [other, stranger]) {
        for (const [method, path, extra] of rows) {
          // exportbp and reportcreate are for signed-in users: a stranger is refused before any id.
          if (intruder === stranger && (path === '/chat/exportbp' || path === '/chat/reportcreate')) continue;
          const theirs = await answer(intruder, method, path, { ...extra, chatuuid });
          const none = await answer(intruder, method, path, { ...extra, chatuuid: madeUp });
          expect(theirs, path).toEqual(none);
          expect(theirs, path).toEqual({ status: 404, code: -404, msg: '会话不存在或已删除' });
        }
        expect((await a.data('POST', '/chat/history', intruder, {})).total).toBe(0);
      }
      // A chat conversation is not a research conversation, even for its owner.
      expect((await a.call('GET', '/chat/mixchatconversation', owner, { chatuuid })).statusCode).toBe(404);
      // Still the owner's, unchanged.
      expect((await a.data('GET', '/chat/chatconversation', owner, { chatuuid })).messages).toHaveLength(2);
    });

    it('refuses an empty or over-long question with a Chinese message naming the field', async () => {
      const a = api(t);
      const me = anonymous();
      const chatuuid = await a.createChat(me);
      for (const question of ['', '   ', 'x'.repeat(10_001)]) {
        const res = await a.call('POST', '/chat/schat', me, { chatuuid, question });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe(-400);
        expect(res.json().msg).toContain('问题');
      }
      const missing = await a.call('POST', '/chat/schat', me, { chatuuid });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().msg).toContain('问题');
      const unknownAgent = await a.call('POST', '/chat/createchat', me, { agent: 'hacker' });
      expect(unknownAgent.statusCode).toBe(400);
      expect(unknownAgent.json().msg).toContain('智能体');
      // A 10,000-character question is answered, not refused.
      const long = await a.ask(me, chatuuid, `储能行业的市场规模有多大${'？'.repeat(9_988)}`);
      expect(long.res.statusCode).toBe(200);
      expect(long.events.at(-1)).toMatchObject({ status: 'done', isend: true });
    });

    it('needs a client id or a session to chat', async () => {
      const res = await api(t).call('POST', '/chat/createchat', { headers: {} }, {});
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain('客户端标识');
    });

    it('shares a read-only copy by token, and forks it for another reader', async () => {
      const a = api(t);
      const owner = anonymous();
      const reader = anonymous();
      const chatuuid = await a.createChat(owner);
      const { events } = await a.ask(owner, chatuuid, '储能行业的市场规模有多大');
      const shared = await a.data('POST', '/chat/GetShareNewChat', owner, { chatuuid });
      expect(shared.url).toBe(`/share?token=${shared.token}`);
      expect((await a.data('POST', '/chat/GetShareNewChat', owner, { chatuuid })).token).toBe(shared.token);

      const read = await a.data('POST', '/chat/GetShareNewChat', reader, { token: shared.token });
      expect(read.messages[1].content).toBe(textOf(events));
      expect(read.messages[1].quotes.length).toBeGreaterThan(0);
      expect(read.forkedChatuuid).toBeNull();
      // Reading does not give the reader the owner's conversation.
      expect((await a.call('POST', '/chat/schat', reader, { chatuuid, question: '继续' })).statusCode).toBe(
        404,
      );

      const fork = await a.data('POST', '/chat/GetShareNewChat', reader, { token: shared.token, fork: true });
      expect(fork.forkedChatuuid).not.toBe(chatuuid);
      const copy = await a.data('GET', '/chat/chatconversation', reader, { chatuuid: fork.forkedChatuuid });
      expect(copy.messages.map((m: { content: string }) => m.content)).toEqual(
        read.messages.map((m: { content: string }) => m.content),
      );
      const bad = await a.call('POST', '/chat/GetShareNewChat', reader, { token: 'no-such-token' });
      expect(bad.statusCode).toBe(404);
    });

    it('regenerates the last answer in place', async () => {
      const a = api(t);
      const me = anonymous();
      const chatuuid = await a.createChat(me);
      await a.ask(me, chatuuid, '储能行业的市场规模有多大');
      await a.ask(me, chatuuid, '储能行业的市场规模有多大', '/chat/schat', { regenerate: true });
      const detail = await a.data('GET', '/chat/chatconversation', me, { chatuuid });
      expect(detail.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    });
  });
}
