/**
 * Teasers end to end through the real app on both database engines: create from a form, a
 * project and an uploaded plan; the local engine's stream (every number from the sources);
 * owner-only editing; anonymised reading; feeds; follows; sharing; and the ownership matrix
 * over the new tables.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, teaserShares } from '../../src/db/schema.js';
import { unsupportedNumbers } from '../../src/modules/teaser/compose.js';
import { type ListQuery, listWhere, NEWEST_FIRST } from '../../src/modules/teaser/feeds.js';
import { selectRows } from '../../src/platform/database/index.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { uploadFile } from '../knowledge/helpers.js';
import { docx } from '../parsing/fixtures.js';
import { call, data, FORM, type Person, parseSse, people, publishedTeaser, visitor } from './helpers.js';

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`teasers on ${engine}`, () => {
    let t: TestApp;
    let founder: Person;
    let investor: Person;
    let other: Person;
    beforeAll(async () => {
      t = await createTestApp({ engine });
      ({ founder, investor, other } = await people(t));
    }, 60_000);
    afterAll(() => t.close());

    it('writes a teaser from the form on the local engine, section by section, with no number the sources lack', async () => {
      const created = await data(t, founder, '/teaser/createTeaser', { source: 'form', fields: FORM });
      expect(created.status).toBe('draft');
      expect(created.isOwner).toBe(true);
      const started = Date.now();
      const res = await call(t, founder, '/teaser/aiGenerateTeaser', { id: created.id });
      expect(res.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(5000);
      const events = parseSse(res.body);
      expect(events[0]).toMatchObject({ type: 'status', status: 'start', engine: 'local' });
      const last = events.at(-1)!;
      expect(last).toMatchObject({ type: 'card', card: 'teaser', isend: true });
      const sections = (last.teaser as { sections: Record<string, string> }).sections;
      const streamed: Record<string, string> = {};
      for (const e of events.filter((e) => e.type === 'delta'))
        streamed[e.section as string] = (streamed[e.section as string] ?? '') + (e.content as string);
      expect(Object.keys(streamed).sort()).toEqual(
        ['financing', 'highlights', 'intro', 'market', 'metrics', 'product', 'team'].sort(),
      );
      expect(streamed).toEqual(sections);
      const sources = JSON.stringify(FORM);
      for (const text of Object.values(sections)) expect(unsupportedNumbers(text, sources)).toEqual([]);
      expect(sections.metrics).toContain('4200');
      expect(sections.financing).toContain('3000 万元');
    });

    it("refuses editing, finishing, deleting or generating another user's teaser as if it did not exist", async () => {
      const created = await data(t, founder, '/teaser/createTeaser', { source: 'form', fields: FORM });
      for (const [url, body] of [
        ['/teaser/editTeaser', { id: created.id, title: '改掉' }],
        ['/teaser/finishTeaser', { id: created.id }],
        ['/teaser/delDraftTeaser', { id: created.id }],
        ['/teaser/aiGenerateTeaser', { id: created.id }],
        ['/teaser/matchInvestor', { id: created.id }],
        ['/teaser/getTeaserInvestorViewHistory', { id: created.id }],
        ['/teaser/shareTeaser', { id: created.id }],
        ['/teaser/getTeaser', { id: created.id }],
      ] as const) {
        const res = await call(t, other, url, body);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().msg, url).toBe('Teaser 不存在或已删除');
      }
      const missing = await call(t, other, '/teaser/editTeaser', { id: 99_999_999, title: '改掉' });
      expect(missing.json()).toEqual(
        (await call(t, other, '/teaser/editTeaser', { id: created.id, title: '改掉' })).json(),
      );
    });

    it('publishes only with an intro, deletes drafts only, and lists both in the history', async () => {
      const draft = await data(t, founder, '/teaser/createTeaser', { source: 'form', fields: FORM });
      const early = await call(t, founder, '/teaser/finishTeaser', { id: draft.id });
      expect(early.statusCode).toBe(400);
      expect(early.json().msg).toContain('公司简介');
      const edited = await data(t, founder, '/teaser/editTeaser', {
        id: draft.id,
        title: '工业视觉检测 · A轮',
        sections: { intro: '一家做工业视觉检测的公司。' },
      });
      expect(edited.sections.intro).toBe('一家做工业视觉检测的公司。');
      const published = await data(t, founder, '/teaser/finishTeaser', { id: draft.id });
      expect(published.status).toBe('published');
      const del = await call(t, founder, '/teaser/delDraftTeaser', { id: draft.id });
      expect(del.statusCode).toBe(409);
      const another = await data(t, founder, '/teaser/createTeaser', { source: 'form', fields: FORM });
      expect((await data(t, founder, '/teaser/delDraftTeaser', { id: another.id })).id).toBe(another.id);
      const history = await data(t, founder, '/teaser/getTeaserHistory', { status: 'published' });
      expect(history.list.some((x: { id: number }) => x.id === draft.id)).toBe(true);
      expect(history.list.every((x: { status: string }) => x.status === 'published')).toBe(true);
    });

    it('hides the company, people and contacts from readers of an anonymous teaser', async () => {
      const teaser = await publishedTeaser(t, founder);
      const seen = await data(t, investor, '/teaser/getTeaser', { id: teaser.id });
      expect(seen.companyName).toBe('');
      const all = JSON.stringify(seen.sections) + seen.title + seen.summary;
      expect(all).not.toContain('星图');
      expect(all).not.toContain('张伟');
      expect(all).not.toContain('李娜');
      expect(seen.contacts).toEqual({
        name: '张*',
        phone: '138****5678',
        email: 'z******i@xingtu.cn',
        wechat: 'x*******w',
      });
      expect(seen.contactState).toBe('locked');
      expect(seen.watermark).toBe('投资人');
      const anon = await data(t, visitor(), '/teaser/getTeaser', { id: teaser.id });
      expect(anon.contacts.phone).toBe('138****5678');
      expect(anon.watermark).toMatch(/^访客 /);
      const own = await data(t, founder, '/teaser/getTeaser', { id: teaser.id });
      expect(own.companyName).toBe(FORM.companyName);
      expect(own.contacts.phone).toBe('13812345678');
    });

    it("starts from one of the user's projects and refuses someone else's", async () => {
      const db = t.platform.database.db;
      const [mine] = await db
        .insert(projects)
        .values({
          name: '杭州云脉医疗科技有限公司',
          brandName: '云脉医疗',
          industryId: 'ai',
          industries: ['ai', 'ai.cv'],
          stage: 2,
          amountSought: 1500,
          description: '云脉医疗专注医学影像AI辅助诊断。',
          team: [{ name: '王磊', title: 'CEO' }],
          contacts: [{ name: '王磊', title: 'CEO', phone: '13900001111', email: 'wl@yunmai.cn' }],
          ownerUserId: founder.id,
        })
        .returning({ id: projects.id });
      const created = await data(t, founder, '/teaser/createTeaser', { source: 'project', pid: mine!.id });
      expect(created.source).toBe('project');
      expect(created.amount).toBe(1500);
      expect(created.contacts.phone).toBe('13900001111');
      const refused = await call(t, other, '/teaser/createTeaser', { source: 'project', pid: mine!.id });
      expect(refused.statusCode).toBe(404);
      await db.execute(sql`delete from projects where id = ${mine!.id}`);
    });

    it('reads an uploaded DOCX business plan and says what is wrong with an empty one', async () => {
      const plan = docx([
        { heading: 1, text: '苏州芯启半导体有限公司 商业计划书' },
        { paragraph: '公司专注车规级功率半导体芯片设计，总部位于苏州。' },
        { paragraph: '本轮为A轮融资，计划融资5000万元，用于流片与团队扩充。' },
        { paragraph: '2025年营业收入2600万元，客户包括多家新能源汽车厂商。' },
      ]);
      const done = await uploadFile(t, founder, plan, 'bp.docx', 'bp' as never);
      expect(done.statusCode).toBe(200);
      const created = await data(t, founder, '/teaser/createTeaser', {
        source: 'upload',
        uploadId: done.json().data.id,
      });
      expect(created.sourceFilename).toBe('bp.docx');
      expect(created.stage).toBe(3);
      expect(created.amount).toBe(5000);
      expect(created.industries[0]).toMatch(/semiconductor/);
      const gen = parseSse((await call(t, founder, '/teaser/aiGenerateTeaser', { id: created.id })).body);
      const sections = (gen.at(-1)!.teaser as { sections: Record<string, string> }).sections;
      expect(sections.metrics).toContain('2600');
      const empty = await uploadFile(t, founder, docx([{ paragraph: ' ' }]), 'empty.docx', 'bp' as never);
      const refused = await call(t, founder, '/teaser/createTeaser', {
        source: 'upload',
        uploadId: empty.json().data.id,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toMatch(/没有可读的文字|未能从商业计划书中读出文字/);
    });

    it('lists published teasers online, newest first, with filters, and never drafts', async () => {
      const teaser = await publishedTeaser(t, founder, { industries: ['nev'], stage: 4 });
      const draft = await data(t, founder, '/teaser/createTeaser', { source: 'form', fields: FORM });
      const list = await data(t, visitor(), '/teaser/getOnlineTeaserList', {});
      expect(list.list[0].id).toBe(teaser.id);
      expect(list.list.some((x: { id: number }) => x.id === draft.id)).toBe(false);
      const nev = await data(t, visitor(), '/teaser/getOnlineTeaserList', { industry: 'nev', stage: 4 });
      expect(nev.list.map((x: { id: number }) => x.id)).toEqual([teaser.id]);
      expect(nev.total).toBe(1);
      const disc = await data(t, visitor(), '/teaser/GetDescoveryTeaser', {});
      expect(disc.total).toBe(list.total);
      const rec = await data(t, visitor(), '/teaser/getRecommendTeaser', {});
      expect(rec.basis).toBe('quality');
      expect(rec.total).toBe(list.total);
    });

    it('serves the industry filter of the online list from the GIN index teasers_industries_idx', async () => {
      // 4,000 published teasers in 40 industries, inside a transaction that is rolled back.
      const explain = async (query: ListQuery) => {
        let plan = '';
        await t.platform.database.db
          .transaction(async (tx) => {
            await tx.execute(sql`
              insert into teasers (owner_id, status, source, title, industry_id, industries, stage, published_at)
              select ${founder.id}, 'published', 'form', '索引核对 ' || g, 'x' || (g % 40), array['x' || (g % 40)],
                1 + g % 5, now() - (g || ' minutes')::interval
              from generate_series(1, 4000) g`);
            await tx.execute(sql`analyze teasers`);
            const rows = await selectRows<Record<string, string>>(
              tx as never,
              sql`explain select id from teasers where ${listWhere(query)}
                  order by ${sql.join(NEWEST_FIRST, sql`, `)} limit 20`,
            );
            plan = rows.map((r) => Object.values(r)[0]).join('\n');
            tx.rollback();
          })
          .catch((error: unknown) => {
            if (!plan) throw error;
          });
        return plan;
      };
      const filtered = await explain({ page: 1, pageSize: 20, industry: 'x7', stage: 3 });
      expect(filtered).toContain('teasers_industries_idx');
      expect(await explain({ page: 1, pageSize: 20 })).not.toContain('teasers_industries_idx');
      const rolledBack = await selectRows<{ n: number }>(
        t.platform.database.db,
        sql`select count(*)::int as n from teasers where title like '索引核对%'`,
      );
      expect(rolledBack[0]!.n).toBe(0);
    });

    it('follows and unfollows, and lists what one follows', async () => {
      const teaser = await publishedTeaser(t, founder);
      expect(await data(t, investor, '/teaser/userTeaserFocusOrNot', { id: teaser.id, focus: true })).toEqual(
        { id: teaser.id, isFollowed: true },
      );
      expect(await data(t, investor, '/teaser/userTeaserFocusOrNot', { id: teaser.id, focus: true })).toEqual(
        { id: teaser.id, isFollowed: true },
      );
      let focus = await data(t, investor, '/teaser/getFocusTeaserHistory', {});
      expect(focus.list.map((x: { id: number }) => x.id)).toContain(teaser.id);
      const coll = await data(t, investor, '/teaser/getTeaserCollection', { kind: 'focus' });
      expect(coll.list[0]).toMatchObject({ id: teaser.id, isFollowed: true, unlockStatus: null });
      expect((await data(t, investor, '/teaser/userTeaserFocusOrNot', { id: teaser.id })).isFollowed).toBe(
        false,
      );
      focus = await data(t, investor, '/teaser/getFocusTeaserHistory', {});
      expect(focus.list.map((x: { id: number }) => x.id)).not.toContain(teaser.id);
      expect((await data(t, other, '/teaser/getFocusTeaserHistory', {})).total).toBe(0);
    });

    it('shares by link with an expiry, shows the watermark, and says clearly when a link expired', async () => {
      const teaser = await publishedTeaser(t, founder);
      const share = await data(t, founder, '/teaser/shareTeaser', { id: teaser.id, expiresInDays: 7 });
      expect(share.path).toBe(`/tshare?t=${share.token}`);
      expect(share.shortUrl).toMatch(/\/s\/[A-Za-z0-9]+$/);
      const anon = visitor();
      const viaLink = await data(t, anon, '/teaser/getTeaser', { shareToken: share.token });
      expect(viaLink.id).toBe(teaser.id);
      expect(viaLink.contacts.phone).toBe('138****5678');
      const db = t.platform.database.db;
      await db.execute(
        sql`update teaser_shares set expires_at = now() - interval '1 minute' where token = ${share.token}`,
      );
      const expired = await call(t, anon, '/teaser/getTeaser', { shareToken: share.token });
      expect(expired.statusCode).toBe(404);
      expect(expired.json().msg).toBe('分享链接已过期，请向分享人索取新的链接');
      const bad = await call(t, anon, '/teaser/getTeaser', { shareToken: 'nonexistenttoken1234' });
      expect(bad.json().msg).toContain('分享链接无效');
      expect((await db.select().from(teaserShares)).length).toBeGreaterThan(0);
    });
  });
}
