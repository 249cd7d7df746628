/**
 * The aiAuth dialogue through the real app on both database engines: stream flags, the
 * consistent card that verifies the user (and opens V rows), the mismatching card that goes
 * to manual review and its review, history across reloads, input rules, rate limit, and
 * one user's dialogue kept from another. OCR answers from the Tencent fake.
 */
import { Code } from '@jq/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { userProfiles, users, verificationCases } from '../../src/db/schema.js';
import { route } from '../../src/http/index.js';
import { listPendingCases, reviewVerification } from '../../src/modules/verification/index.js';
import { type FakeCardItem, type FakeTencentOcr, startFakeTencentOcr } from '../fakes/tencent-ocr.js';
import { addTestRoutes, createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/users.js';
import { blankImage, say, submitCard, uploadCard } from './helpers.js';

const KEYS = { secretId: 'AKIDjqdialogue', secretKey: 'jq-dialogue-secret' };
let nextPhone = 13_900_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
/** Phones are unique per account, so every test user gets its own. */
function newPhone(): string {
  nextPhone += 1;
  return String(nextPhone);
}

const card = (name: string, company: string, mobile: string): FakeCardItem[] => [
  { Name: '姓名', Value: name },
  { Name: '职位', Value: '投资经理' },
  { Name: '公司', Value: company },
  { Name: '手机', Value: mobile },
];

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`verification dialogue on ${engine}`, () => {
    let t: TestApp;
    let fake: FakeTencentOcr;
    beforeAll(async () => {
      fake = await startFakeTencentOcr(KEYS);
      t = await createTestApp({
        engine,
        env: {
          OCR_PROVIDER: 'tencent',
          OCR_TENCENT_SECRET_ID: KEYS.secretId,
          OCR_TENCENT_SECRET_KEY: KEYS.secretKey,
          OCR_TENCENT_ENDPOINT: fake.endpoint,
        },
      });
      await addTestRoutes(t.app, [
        route({
          method: 'GET',
          path: '/__verified-only',
          access: 'V',
          summary: '已认证探针',
          data: z.null(),
          handler: () => null,
        }),
      ]);
    });
    afterAll(async () => {
      await t.close();
      await fake.close();
    });
    const db = () => t.platform.database.db;

    /** A signed-in user who uploaded and submitted a card reading `items`. */
    async function withCard(
      fields: Partial<typeof users.$inferInsert>,
      items: FakeCardItem[],
      registration?: { company: string; title: string },
    ) {
      const session = await signIn(db(), fields);
      if (registration)
        await db()
          .insert(userProfiles)
          .values({ userId: session.user.id, role: 2, ...registration });
      fake.card = items;
      const cardurl = await uploadCard(t, session.cookie, blankImage());
      expect((await submitCard(t, session.cookie, cardurl)).json().code).toBe(Code.OK);
      return { ...session, cardurl };
    }
    const isVerified = async (id: number) =>
      (await db().select({ v: users.isVerified }).from(users).where(eq(users.id, id)))[0]?.v;

    it('streams the read-back with start/end flags and ends with isend', async () => {
      const phone = newPhone();
      const { cookie, cardurl } = await withCard(
        { name: '林晓雯', phone },
        card('林晓雯', '上海启明创投投资管理有限公司', phone),
      );
      const turn = await say(t, cookie, cardurl, 'image_url');
      expect(turn.res.headers['content-type']).toContain('text/event-stream');
      expect(turn.messages).toHaveLength(2);
      expect(turn.messages[0]).toContain('姓名：林晓雯');
      expect(turn.messages[0]).toContain('公司：上海启明创投投资管理有限公司');
      expect(turn.messages[1]).toContain('请确认');
      expect(turn.events.filter((e) => e.start)).toHaveLength(2);
      expect(turn.events.filter((e) => e.end)).toHaveLength(2);
      expect(turn.events.every((e) => !e.waiting && !e.authSuccess)).toBe(true);
      expect(turn.last).toMatchObject({ isend: true, state: 'dialogue' });
      expect(turn.events.filter((e) => e.isend)).toHaveLength(1);
    });

    it('verifies a user whose card matches the account, with waiting, waitingend and authSuccess', async () => {
      const phone = newPhone();
      const { user, cookie, cardurl } = await withCard(
        { name: '林晓雯', phone },
        card('林晓雯', '上海启明创投投资管理有限公司', phone),
      );
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/__verified-only', headers: { cookie } })).statusCode,
      ).toBe(403);
      await say(t, cookie, cardurl, 'image_url');
      const turn = await say(t, cookie, '是的');
      const kinds = turn.events.map((e) =>
        e.waiting ? 'waiting' : e.waitingend ? 'waitingend' : e.authSuccess ? 'authSuccess' : e.type,
      );
      expect(kinds.indexOf('waiting')).toBeGreaterThan(-1);
      expect(kinds.indexOf('waitingend')).toBeGreaterThan(kinds.indexOf('waiting'));
      expect(kinds.indexOf('authSuccess')).toBeGreaterThan(kinds.indexOf('waitingend'));
      expect(turn.messages.at(-1)).toContain('认证成功');
      expect(turn.events.find((e) => e.end && e.homequery)?.homequery).toContain('上海启明创投');
      expect(turn.last).toMatchObject({ isend: true, state: 'verified' });
      expect(await isVerified(user.id)).toBe(true);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/__verified-only', headers: { cookie } })).statusCode,
      ).toBe(200);
    });

    it('asks about each mismatch one at a time and sends an unproven card to manual review', async () => {
      const phone = newPhone();
      const { user, cookie, cardurl } = await withCard(
        { name: '王强', phone: newPhone() },
        card('林晓雯', '上海启明创投投资管理有限公司', phone),
        { company: '深创投', title: '投资经理' },
      );
      const opening = await say(t, cookie, cardurl, 'image_url');
      expect(opening.messages[1]).toContain('姓名「林晓雯」');
      const second = await say(t, cookie, '是我的，林晓雯是我的曾用名');
      expect(second.messages.join('')).toContain('公司「上海启明创投投资管理有限公司」');
      expect(second.messages.join('')).not.toContain('手机号');
      const third = await say(t, cookie, '我已经入职启明了');
      expect(third.messages.join('')).toContain(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
      await say(t, cookie, '是');
      const last = await say(t, cookie, '是');
      expect(last.events.some((e) => e.waiting)).toBe(true);
      expect(last.events.some((e) => e.authSuccess)).toBe(false);
      expect(last.messages.at(-1)).toContain('人工');
      expect(last.last).toMatchObject({ isend: true, state: 'pending' });
      expect(await isVerified(user.id)).toBe(false);

      const queue = await listPendingCases(db());
      const mine = queue.find((c) => c.userId === user.id);
      expect(mine?.reason).toContain('手机号');
      await reviewVerification(db(), mine!.id, { approve: true, reviewer: 'admin' });
      expect(await isVerified(user.id)).toBe(true);
      const history = (
        await t.app.inject({ method: 'POST', url: '/api/auth/authHistory', headers: { cookie }, payload: {} })
      ).json().data;
      expect(history.state).toBe('verified');
      expect(history.list.at(-1).content).toContain('人工审核已通过');
      await expect(
        reviewVerification(db(), mine!.id, { approve: false, reviewer: 'admin' }),
      ).rejects.toMatchObject({
        code: Code.CONFLICT,
      });
    });

    it('verifies a name difference the user explains when the card phone is the account phone', async () => {
      const phone = newPhone();
      const { user, cookie, cardurl } = await withCard(
        { name: '林小雯', phone },
        card('林晓雯', '上海启明创投投资管理有限公司', phone),
      );
      await say(t, cookie, cardurl, 'image_url');
      await say(t, cookie, '是我本人，身份证上是林小雯');
      const last = await say(t, cookie, '是');
      expect(last.last?.state).toBe('verified');
      expect(await isVerified(user.id)).toBe(true);
    });

    it('ends the dialogue when the user says the card is not theirs', async () => {
      const { cookie, cardurl } = await withCard(
        { name: '王强', phone: newPhone() },
        card('林晓雯', '启明创投', newPhone()),
      );
      await say(t, cookie, cardurl, 'image_url');
      const turn = await say(t, cookie, '不是');
      expect(turn.messages[0]).toContain('重新上传');
      expect(turn.last?.state).toBe('cancelled');
      const [row] = await db()
        .select()
        .from(verificationCases)
        .where(eq(verificationCases.status, 'cancelled'));
      expect(row).toBeTruthy();
    });

    it('keeps the dialogue across a reload and continues at the open question', async () => {
      const { cookie, cardurl } = await withCard(
        { name: '王强', phone: newPhone() },
        card('林晓雯', '启明创投', newPhone()),
      );
      await say(t, cookie, cardurl, 'image_url');
      await say(t, cookie, '是我的英文名翻译');
      const history = (
        await t.app.inject({ method: 'POST', url: '/api/auth/authHistory', headers: { cookie }, payload: {} })
      ).json().data;
      expect(history.state).toBe('dialogue');
      expect(history.cardurl).toBe(cardurl);
      expect(history.list.map((m: { role: string }) => m.role)).toEqual([
        'user',
        'assistant',
        'assistant',
        'user',
        'assistant',
      ]);
      expect(history.list[0]).toMatchObject({ msgtype: 'image_url', content: cardurl });
      const resumed = await say(t, cookie, cardurl, 'image_url');
      expect(resumed.messages[0]).toContain('我们继续');
      expect(resumed.messages[0]).toContain('手机号');
    });

    it('refuses empty, whitespace and over-long messages, and text before any card', async () => {
      const { cookie } = await signIn(db());
      for (const content of ['', '   ', '好'.repeat(81)]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/aiAuth',
          headers: { cookie },
          payload: { content },
        });
        expect(res.statusCode, JSON.stringify(content)).toBe(400);
        expect(res.json().msg).toContain('内容');
      }
      const early = await say(t, cookie, '你好');
      expect(early.res.statusCode).toBe(400);
      expect(early.res.json().msg).toBe('请先上传名片');
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/auth/aiAuth',
        payload: { content: '你好' },
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it("keeps one user's card and dialogue from another", async () => {
      const phone = newPhone();
      const a = await withCard({ name: '林晓雯', phone }, card('林晓雯', '启明创投', phone));
      await say(t, a.cookie, a.cardurl, 'image_url');
      const b = await signIn(db());
      const history = (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/authHistory',
          headers: { cookie: b.cookie },
          payload: {},
        })
      ).json().data;
      expect(history).toEqual({ state: 'none', cardurl: '', list: [] });
      const info = await t.app.inject({
        method: 'GET',
        url: '/api/user/getUserBCardInfo',
        headers: { cookie: b.cookie },
      });
      expect(info.json().data).toBeNull();
      const stolen = await say(t, b.cookie, a.cardurl, 'image_url');
      expect(stolen.res.statusCode).toBe(400);
      const spoofed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/authHistory',
        headers: { cookie: b.cookie },
        payload: { uguid: a.user.uguid },
      });
      expect(spoofed.statusCode).toBe(403);
      const own = await t.app.inject({
        method: 'GET',
        url: '/api/user/getUserBCardInfo',
        headers: { cookie: a.cookie },
      });
      expect(own.json().data).toMatchObject({ name: '林晓雯', cardurl: a.cardurl });
    });

    it('limits dialogue turns per user', async () => {
      const phone = newPhone();
      const { cookie, cardurl } = await withCard(
        { name: '林晓雯', phone },
        card('林晓雯', '启明创投', phone),
      );
      const codes: number[] = [];
      for (let i = 0; i < 31; i++) codes.push((await say(t, cookie, cardurl, 'image_url')).res.statusCode);
      expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
      expect(codes[30]).toBe(429);
    });
  });
}
