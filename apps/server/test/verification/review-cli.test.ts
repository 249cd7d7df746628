/**
 * The manual verification review from the admin command line, on both database engines:
 * `cases` lists the queue the dialogue filled, `approve` and `reject` decide a case (the user
 * reads the outcome in the dialogue), and `verify` closes the user's open case together with
 * marking them verified. Cases reach the queue through the real dialogue; OCR is the Tencent fake.
 */
import { Code } from '@jq/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminError, runAdminCommand } from '../../src/cli/admin.js';
import { userEvents, userProfiles, users, verificationCases } from '../../src/db/schema.js';
import { type FakeCardItem, type FakeTencentOcr, startFakeTencentOcr } from '../fakes/tencent-ocr.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/users.js';
import { blankImage, say, submitCard, uploadCard } from './helpers.js';

const KEYS = { secretId: 'AKIDjqreview', secretKey: 'jq-review-secret' };
let nextPhone = 13_700_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
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
  describe.skipIf(!available)(`verification review from the admin CLI on ${engine}`, () => {
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
    });
    afterAll(async () => {
      await t.close();
      await fake.close();
    });
    const db = () => t.platform.database.db;
    const admin = (...args: string[]) => runAdminCommand(db(), t.platform.bus, args);
    const history = async (cookie: string) =>
      (
        await t.app.inject({ method: 'POST', url: '/api/auth/authHistory', headers: { cookie }, payload: {} })
      ).json().data;
    const caseOf = async (userId: number) =>
      (await db().select().from(verificationCases).where(eq(verificationCases.userId, userId)))[0]!;
    const isVerified = async (userId: number) =>
      (await db().select({ v: users.isVerified }).from(users).where(eq(users.id, userId)))[0]?.v;

    /** A signed-in user with a submitted card: its case is in the dialogue. */
    async function withCard(name: string, items: FakeCardItem[]) {
      const session = await signIn(db(), { name, phone: newPhone() });
      await db()
        .insert(userProfiles)
        .values({ userId: session.user.id, role: 2, company: '深创投', title: '投资经理' });
      fake.card = items;
      const cardurl = await uploadCard(t, session.cookie, blankImage());
      expect((await submitCard(t, session.cookie, cardurl)).json().code).toBe(Code.OK);
      return { ...session, cardurl };
    }

    /** A user whose card names someone else at another company: the dialogue sends it to review. */
    async function pendingCase() {
      const session = await withCard('王强', card('林晓雯', '上海启明创投投资管理有限公司', newPhone()));
      await say(t, session.cookie, session.cardurl, 'image_url');
      for (const answer of ['是我的，林晓雯是我的曾用名', '我已经入职启明了', '是', '是']) {
        await say(t, session.cookie, answer);
      }
      const pending = await caseOf(session.user.id);
      expect(pending.status).toBe('pending');
      return { ...session, caseId: pending.id };
    }

    it('lists a pending case with its user, card, wait and reason, and approves it', async () => {
      const { user, cookie, caseId } = await pendingCase();
      const listed = await admin('cases');
      const line = listed.split('\n').find((l) => l.startsWith(`#${caseId} `));
      expect(line).toContain(`王强（${user.phone}）`);
      expect(line).toContain('名片：林晓雯 · 上海启明创投投资管理有限公司');
      expect(line).toMatch(/已等待 \d+ 分钟/);
      const reason = listed.split('\n')[listed.split('\n').indexOf(line!) + 1];
      expect(reason).toContain('原因：');
      expect(reason).toContain('手机号');

      expect(await admin('approve', `#${caseId}`)).toContain(`已通过认证申请 #${caseId}`);
      expect(await isVerified(user.id)).toBe(true);
      const decided = await caseOf(user.id);
      expect(decided).toMatchObject({ status: 'verified', reviewNote: '' });
      expect(decided.reviewedBy).toMatch(/^cli/);
      expect(decided.decidedAt).toBeInstanceOf(Date);
      const seen = await history(cookie);
      expect(seen.state).toBe('verified');
      expect(seen.list.at(-1).content).toContain('人工审核已通过');
      expect(await admin('cases')).not.toContain(`#${caseId} `);
    });

    it('rejects a case with the reviewer’s reason, which the user reads in the dialogue', async () => {
      const { user, cookie, caseId } = await pendingCase();
      const answer = await admin('reject', String(caseId), '名片上的公司与注册资料不符');
      expect(answer).toContain(`已驳回认证申请 #${caseId}（原因：名片上的公司与注册资料不符）`);
      expect(await isVerified(user.id)).toBe(false);
      expect(await caseOf(user.id)).toMatchObject({
        status: 'rejected',
        reviewNote: '名片上的公司与注册资料不符',
      });
      const seen = await history(cookie);
      expect(seen.state).toBe('rejected');
      expect(seen.list.at(-1).content).toBe(
        '很抱歉，人工审核未通过：名片上的公司与注册资料不符。如有疑问请联系客服，或上传新的名片重新认证。',
      );
      const again = await say(t, cookie, '你好');
      expect(again.messages.join('')).toContain('您上一次的认证未通过');
    });

    it('refuses a case that is not waiting, an unknown number and a malformed one', async () => {
      const { caseId } = await pendingCase();
      await admin('approve', String(caseId));
      await expect(admin('reject', String(caseId))).rejects.toThrow(`该认证申请不在待审核状态：#${caseId}`);
      await expect(admin('approve', '987654321')).rejects.toThrow('认证申请不存在：#987654321');
      await expect(admin('approve', 'abc')).rejects.toThrow('不是有效的认证申请编号：abc');
      await expect(admin('approve', '0')).rejects.toBeInstanceOf(AdminError);
      await expect(admin('reject')).rejects.toThrow('用法：');
    });

    it('verify closes the user’s open case and marks them verified', async () => {
      const { user, cookie, cardurl } = await withCard('王强', card('林晓雯', '上海启明创投', newPhone()));
      await say(t, cookie, cardurl, 'image_url');
      const open = await caseOf(user.id);
      expect(open.status).toBe('dialogue');

      const answer = await admin('verify', user.phone!);
      expect(answer).toBe(`已将账号 王强（${user.phone}） 标记为已认证，并关闭认证申请 #${open.id}`);
      expect(await isVerified(user.id)).toBe(true);
      const closed = await caseOf(user.id);
      expect(closed).toMatchObject({ status: 'verified' });
      expect(closed.reviewedBy).toMatch(/^cli/);
      expect((await history(cookie)).list.at(-1).content).toContain('人工审核已通过');
      const next = await say(t, cookie, '是');
      expect(next.messages.join('')).toContain('您已完成身份认证，无需重复操作。');
      const events = await db().select().from(userEvents).where(eq(userEvents.userId, user.id));
      expect(events.some((e) => e.event === 'authSuccess' && e.source === 'admin')).toBe(true);
    });

    it('verify closes nothing when marking the user fails: one transaction', async () => {
      const { user, cookie, cardurl } = await withCard('王强', card('林晓雯', '上海启明创投', newPhone()));
      await say(t, cookie, cardurl, 'image_url');
      // The database refuses this user's verified flag, as a failure between the two writes would.
      await db().execute(sql`create function refuse_verify() returns trigger language plpgsql as $$
        begin
          if new.id = ${sql.raw(String(user.id))} and new.is_verified then raise exception 'refused'; end if;
          return new;
        end $$`);
      await db().execute(
        sql`create trigger refuse_verify before update on users for each row execute function refuse_verify()`,
      );
      try {
        await expect(admin('verify', user.uguid)).rejects.toThrow();
      } finally {
        await db().execute(sql`drop trigger refuse_verify on users`);
        await db().execute(sql`drop function refuse_verify()`);
      }
      expect((await caseOf(user.id)).status).toBe('dialogue');
      expect(await isVerified(user.id)).toBe(false);
      expect((await history(cookie)).list.at(-1).content).not.toContain('人工审核已通过');
    });

    it('verify marks a user without any case, and leaves other users’ cases alone', async () => {
      const { caseId } = await pendingCase();
      const { user } = await signIn(db(), { name: '赵敏', phone: newPhone() });
      expect(await admin('verify', user.uguid)).toBe(`已将账号 赵敏（${user.phone}） 标记为已认证`);
      expect(await isVerified(user.id)).toBe(true);
      const [other] = await db().select().from(verificationCases).where(eq(verificationCases.id, caseId));
      expect(other?.status).toBe('pending');
    });
  });
}
