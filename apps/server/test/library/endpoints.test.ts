import { Code, maskText } from '@jq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedSearches, userProjects } from '../../src/db/schema.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/users.js';
import { insertLibraryFixtures, type LibraryFixtures, setProjectOwner } from './fixtures.js';

describe('maskText (spec section 5)', () => {
  it('keeps the first and last characters with stars between', () => {
    expect(maskText('13812345678')).toBe('1*********8');
    expect(maskText('马小明')).toBe('马*明');
    expect(maskText('张三')).toBe('张*');
    expect(maskText('王')).toBe('*');
    expect(maskText('')).toBe('');
    expect(maskText('a😀b😀c')).toBe('a***c');
  });
});

const DAY = 86_400_000;

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`library endpoints on ${engine}`, () => {
    let t: TestApp;
    let fx: LibraryFixtures;
    beforeAll(async () => {
      t = await createTestApp({ engine });
      fx = await insertLibraryFixtures(t.platform.database.db, t.platform.storage);
    });
    afterAll(() => t.close());

    const db = () => t.platform.database.db;
    const post = (url: string, payload: object = {}, cookie?: string) =>
      t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: cookie ? { cookie } : {} });
    const data = async (url: string, payload: object = {}, cookie?: string) => {
      const res = await post(url, payload, cookie);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      return res.json().data;
    };

    it('shows a project with rounds, investors, industry and region names', async () => {
      const p = await data('/project/ProjectInfo', { pid: fx.projects.nevA1 });
      expect(p).toMatchObject({
        name: '合肥驰电新能源汽车科技有限公司',
        industryName: '新能源汽车',
        industryNames: ['整车制造'],
        stage: 3,
        stageLabel: 'A轮',
        regionName: '安徽 · 合肥',
        isDemo: false,
        patentCount: 1,
        contactCount: 1,
        relations: [],
      });
      expect(p.rounds.map((r: { stage: number }) => r.stage)).toEqual([3, 2]);
      expect(p.rounds[0].investors).toEqual([
        { institutionId: fx.orgs.red, investorId: null, name: '红岭创投', isLead: true },
        { institutionId: fx.orgs.sky, investorId: null, name: '天穹资本', isLead: false },
      ]);
      expect(JSON.stringify(p)).not.toContain('13900001111');
      expect((await post('/project/ProjectInfo', { pid: 999999 })).json()).toMatchObject({
        code: Code.NOT_FOUND,
      });
      expect((await post('/project/ProjectInfo', { pid: 'abc' })).statusCode).toBe(400);

      const links = await data('/project/ProjectOrgLink', { pid: fx.projects.nevA1 });
      expect(
        links.list.map((l: { institutionId: number; isLead: boolean }) => [l.institutionId, l.isLead]),
      ).toEqual([
        [fx.orgs.angel, true],
        [fx.orgs.red, true],
        [fx.orgs.sky, false],
      ]);
      const patents = await data('/project/PatentProjectDetail', { pid: fx.projects.nevA1 });
      expect(patents).toMatchObject({ total: 1, list: [{ type: '发明专利' }] });
    });

    it('masks contacts until unlocked, and shows them to a VIP, an unlocker and the owner', async () => {
      const pid = fx.projects.tencent!;
      expect((await post('/acproject/ProjectContactMembers', { pid })).statusCode).toBe(401);
      const plain = await signIn(db());
      const masked = await data('/acproject/ProjectContactMembers', { pid }, plain.cookie);
      expect(masked).toEqual({
        pid,
        isUnlocked: false,
        contacts: [
          {
            name: '马*明',
            title: '投资者关系总监',
            phone: '1*********8',
            email: 'i************m',
            wechat: 'm*****4',
          },
        ],
        unlockPower: 199,
      });
      const unlock = await post('/user/UnlockUser2ProjectMap', { pid }, plain.cookie);
      // Paid unlocks: without credits the answer says what it costs (test/billing/unlock-route.test.ts).
      expect(unlock.json()).toMatchObject({ code: Code.FORBIDDEN, data: { need: 199, power: 0 } });

      const whole = { name: '马小明', phone: '13812345678', email: 'ir@example.com', wechat: 'mxm2024' };
      const vip = await signIn(db(), { vipExpiresAt: new Date(Date.now() + DAY) });
      expect(await data('/acproject/ProjectContactMembers', { pid }, vip.cookie)).toMatchObject({
        isUnlocked: true,
        contacts: [whole],
      });
      const expired = await signIn(db(), { vipExpiresAt: new Date(Date.now() - DAY) });
      expect((await data('/acproject/ProjectContactMembers', { pid }, expired.cookie)).isUnlocked).toBe(
        false,
      );

      const unlocker = await signIn(db());
      await db()
        .insert(userProjects)
        .values({ userId: unlocker.user.id, projectId: pid, relation: 'unlocked' });
      expect(
        (await data('/acproject/ProjectContactMembers', { pid }, unlocker.cookie)).contacts,
      ).toMatchObject([whole]);
      const owner = await signIn(db());
      await setProjectOwner(db(), pid, owner.user.id);
      expect((await data('/acproject/ProjectContactMembers', { pid }, owner.cookie)).isUnlocked).toBe(true);
      await setProjectOwner(db(), pid, null);
    });

    it('lets a VIP unlock a project, which then shows in their project relations', async () => {
      const vip = await signIn(db(), { vipExpiresAt: new Date(Date.now() + DAY) });
      const pid = fx.projects.nevA2!;
      expect((await data('/user/UnlockUser2ProjectMap', { pid }, vip.cookie)).isUnlocked).toBe(true);
      const map = await data('/user/User2ProjectMap', {}, vip.cookie);
      expect(map.total).toBe(1);
      expect(map.list[0]).toMatchObject({ project: { id: pid }, relations: ['unlocked'] });
      expect((await data('/project/ProjectInfo', { pid }, vip.cookie)).relations).toEqual(['unlocked']);
      const other = await signIn(db());
      expect((await data('/user/User2ProjectMap', {}, other.cookie)).total).toBe(0);
      expect((await post('/user/UnlockUser2ProjectMap', { pid: 999999 }, vip.cookie)).statusCode).toBe(404);
    });

    it('shows an institution card with members, deal statistics and follow state', async () => {
      const user = await signIn(db());
      const card = await data('/acorg/OrgCardOrgInfo', { oid: fx.orgs.red }, user.cookie);
      expect(card).toMatchObject({
        id: fx.orgs.red,
        shortName: '红岭创投',
        memberCount: 2,
        isFollowed: false,
        followerCount: 0,
      });
      expect(card.members.map((m: { name: string }) => m.name).sort()).toEqual(['张伟', '王芳'].sort());
      expect(JSON.stringify(card.members)).not.toContain('@example.com');
      expect(card.stats.totalDeals).toBe(card.dealCount);
      expect(card.stats.totalDeals).toBeGreaterThanOrEqual(card.stats.dealsLast24Months);
      expect(card.stats.dealsLast24Months).toBeGreaterThanOrEqual(card.stats.dealsLast12Months);
      expect(card.stats.topIndustries).toContainEqual({
        id: 'nev',
        name: '新能源汽车',
        count: expect.any(Number),
      });
      const counts = card.stats.topIndustries.map((i: { count: number }) => i.count);
      expect([...counts].sort((a, b) => b - a)).toEqual(counts);
      expect(card.stats.stageMix.reduce((n: number, s: { count: number }) => n + s.count, 0)).toBe(
        card.stats.totalDeals,
      );
      expect((await post('/acorg/OrgCardOrgInfo', { oid: 999999 })).statusCode).toBe(404);

      const members = await data('/user/getOrgMembers', { oid: fx.orgs.red, pageSize: 1 });
      expect(members).toMatchObject({ total: 2, pageSize: 1 });
      expect((await post('/user/getOrgMembers', { oid: 999999 })).statusCode).toBe(404);
      const articles = await data('/acorg/GetOrgArticles', { oid: fx.orgs.red });
      expect(articles.list.map((a: { title: string }) => a.title)).toEqual([
        '红岭创投领投驰电汽车A轮',
        '红岭创投完成新一期基金募集',
      ]);
    });

    it('lists the projects an institution invested in, and the ones fitting its thesis it has not', async () => {
      const invested = await data('/acorg/OrgCardProjectList', { oid: fx.orgs.sky, pageSize: 100 });
      expect(invested.list.map((p: { id: number }) => p.id)).toEqual(
        expect.arrayContaining([fx.projects.tencent, fx.projects.nevA1, fx.projects.nevB1]),
      );
      for (const p of invested.list) {
        const links = await data('/project/ProjectOrgLink', { pid: p.id });
        expect(links.list.map((l: { institutionId: number }) => l.institutionId)).toContain(fx.orgs.sky);
      }
      const dates = invested.list.map((p: { round: { date: string } }) => p.round.date);
      expect([...dates].sort().reverse()).toEqual(dates);

      const linked = await data('/acorg/GetOrgCardLinkProject', { oid: fx.orgs.sky, pageSize: 100 });
      expect(linked.total).toBeGreaterThan(0);
      const investedIds = new Set(invested.list.map((p: { id: number }) => p.id));
      for (const p of linked.list) {
        expect(investedIds.has(p.id)).toBe(false);
        expect([3, 4, 5, 9]).toContain(p.stage);
        expect(p.industryId === 'nev' || p.industryId === 'semiconductor').toBe(true);
      }
    });

    it('follows and unfollows an institution, idempotently, per user', async () => {
      const a = await signIn(db());
      const b = await signIn(db());
      const oid = fx.orgs.sky!;
      expect(await data('/user/addOrgRelationShip', { oid }, a.cookie)).toEqual({ oid, isFollowed: true });
      await data('/user/addOrgRelationShip', { oid }, a.cookie);
      const follows = await data('/user/getOrgRelationShip', {}, a.cookie);
      expect(follows.total).toBe(1);
      expect(follows.list[0].institution).toMatchObject({ id: oid, name: '北京天穹资本管理有限公司' });
      expect((await data('/user/getOrgRelationShip', {}, b.cookie)).total).toBe(0);
      expect(await data('/acorg/OrgCardOrgInfo', { oid }, a.cookie)).toMatchObject({
        isFollowed: true,
        followerCount: 1,
      });
      expect((await data('/acorg/OrgCardOrgInfo', { oid }, b.cookie)).isFollowed).toBe(false);
      expect(await data('/user/delOrgRelationShip', { oid }, a.cookie)).toEqual({ oid, isFollowed: false });
      expect((await data('/user/getOrgRelationShip', {}, a.cookie)).total).toBe(0);
      expect((await post('/user/addOrgRelationShip', { oid: 999999 }, a.cookie)).statusCode).toBe(404);
      expect((await post('/user/addOrgRelationShip', { oid })).statusCode).toBe(401);
    });

    it('records views both ways: what I viewed, who viewed me, and what another user looked at', async () => {
      const a = await signIn(db(), { name: '甲' });
      const b = await signIn(db(), { name: '乙' });
      await data('/project/ProjectInfo', { pid: fx.projects.nevA3 }, b.cookie);
      await data('/acorg/OrgCardOrgInfo', { oid: fx.orgs.angel }, b.cookie);
      await data('/acchat/reportinfo', { id: fx.reports.withPdf }, b.cookie);
      await data('/acorg/investorInfo', { id: fx.investors.li }, b.cookie);
      await data('/project/ProjectInfo', { pid: fx.projects.nevA3 }, b.cookie);

      const mine = await data('/user/recentView', {}, b.cookie);
      expect(mine.total).toBe(4);
      expect(mine.list.map((v: { targetType: string }) => v.targetType)).toEqual([
        'investor',
        'report',
        'institution',
        'project',
      ]);
      expect(mine.list[3]).toMatchObject({
        targetId: String(fx.projects.nevA3),
        title: '快充能源',
        subtitle: '新能源汽车 · A轮',
      });

      const actions = await data('/user/recentAction', { tuid: b.user.uguid }, a.cookie);
      expect(actions.user).toMatchObject({ uguid: b.user.uguid, name: '乙' });
      expect(actions.list.map((v: { targetType: string }) => v.targetType).sort()).toEqual([
        'institution',
        'project',
      ]);

      const viewers = await data('/user/recentViewUser', {}, b.cookie);
      expect(viewers.list).toMatchObject([{ uguid: a.user.uguid, name: '甲', count: 1 }]);
      expect((await data('/user/recentViewUser', {}, a.cookie)).total).toBe(0);
      expect((await data('/user/recentView', {}, a.cookie)).list[0]).toMatchObject({
        targetType: 'user',
        title: '乙',
      });
      expect((await post('/user/recentAction', { tuid: 'no-such-user' }, a.cookie)).statusCode).toBe(404);
      await data('/project/ProjectInfo', { pid: fx.projects.nevA3 });
      expect((await post('/user/recentView', {})).statusCode).toBe(401);
    });

    it('keeps saved searches to their owner', async () => {
      const owner = await signIn(db());
      const other = await signIn(db());
      const created = await data(
        '/acproject/ProjectFullSearchCreate',
        { keyword: '新能源汽车 A轮', region: '440000' },
        owner.cookie,
      );
      expect(created.total).toBeGreaterThan(0);
      const result = await data(
        '/acproject/ProjectFullSearchResult',
        { id: created.id, pageSize: 50 },
        owner.cookie,
      );
      expect(result.total).toBe(created.total);
      expect(result.search).toMatchObject({
        id: created.id,
        keyword: '新能源汽车 A轮',
        filters: { region: ['440000'] },
      });
      expect(
        result.list.every(
          (p: { stage: number; provinceCode: string }) => p.stage === 3 && p.provinceCode === '440000',
        ),
      ).toBe(true);
      const stolen = await post('/acproject/ProjectFullSearchResult', { id: created.id }, other.cookie);
      expect(stolen.statusCode).toBe(404);
      expect(stolen.json().msg).toBe('搜索记录不存在');
      expect((await data('/acproject/ProjectFullSearchHistory', {}, other.cookie)).total).toBe(0);
      const history = await data('/acproject/ProjectFullSearchHistory', {}, owner.cookie);
      expect(history.list.map((s: { id: number }) => s.id)).toEqual([created.id]);
      expect((await post('/acproject/ProjectFullSearchCreate', { keyword: 'x' })).statusCode).toBe(401);
      expect(
        (await post('/acproject/ProjectFullSearchCreate', { stage: [77] }, owner.cookie)).statusCode,
      ).toBe(400);
    });

    it('guesses questions from recent searches and hot industries', async () => {
      const anonymous = await data('/acproject/projectGuessQuestion');
      expect(anonymous.list.length).toBeGreaterThan(0);
      for (const q of anonymous.list) {
        const hits = await data('/acproject/ProjectFuzzySearch', { keyword: q.keyword });
        expect(hits.total, q.keyword).toBeGreaterThan(0);
      }
      const user = await signIn(db());
      await data('/acproject/ProjectFullSearchCreate', { keyword: '储能电池' }, user.cookie);
      const mine = await data('/acproject/projectGuessQuestion', {}, user.cookie);
      expect(mine.list[0]).toEqual({ question: '「储能电池」最近有哪些新项目？', keyword: '储能电池' });
      const orgs = await data('/acorg/orgGuessQuestion');
      expect(orgs.list.length).toBeGreaterThan(0);
    });

    it('counts the financing needs left today', async () => {
      const user = await signIn(db());
      expect(await data('/acorg/FinancingNeedsLmt', {}, user.cookie)).toMatchObject({
        limit: 5,
        used: 0,
        remaining: 5,
      });
      await db()
        .insert(savedSearches)
        .values([
          { userId: user.user.id, kind: 'financing_need' },
          { userId: user.user.id, kind: 'financing_need' },
          { userId: user.user.id, kind: 'financing_need', createdAt: new Date(Date.now() - 2 * DAY) },
        ]);
      expect(await data('/acorg/FinancingNeedsLmt', {}, user.cookie)).toMatchObject({
        used: 2,
        remaining: 3,
      });
      expect((await post('/acorg/FinancingNeedsLmt')).statusCode).toBe(401);
    });

    it('feeds discovery with the latest rounds, new projects and hot institutions', async () => {
      const first = await data('/user/descovery', { pageSize: 5 });
      expect(first.list).toHaveLength(5);
      const dates = first.list.map((r: { date: string }) => r.date);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(first.list[0]).toMatchObject({ type: 'round', project: { id: expect.any(Number) } });
      expect(first.newProjects.length).toBeGreaterThan(0);
      expect(first.hotInstitutions.length).toBeGreaterThan(0);
      const second = await data('/user/descovery', { page: 2, pageSize: 5 });
      expect(second.list[0].date <= dates[4]).toBe(true);
      expect(second.hotInstitutions).toEqual([]);
    });

    it('describes reports and serves their PDF', async () => {
      const info = await data('/acchat/reportinfo', { id: fx.reports.withPdf, page: 2 });
      expect(info).toMatchObject({
        pageCount: 3,
        industryName: '新能源汽车',
        pdfUrl: `/api/files/reports/${fx.reports.withPdf}.pdf`,
        page: { pageNo: 2 },
      });
      expect(info.page.text).toContain('第2页');
      expect((await data('/acchat/reportinfo', { pid: fx.reports.empty })).pdfUrl).toBeNull();
      expect((await post('/acchat/reportinfo', { id: 999999 })).statusCode).toBe(404);
      expect((await post('/acchat/reportinfo', {})).statusCode).toBe(400);

      const pdf = await t.app.inject({ method: 'GET', url: info.pdfUrl });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // Pages without a stored PDF yet: rendered when first opened, then served as stored.
      const rendered = await t.app.inject({
        method: 'GET',
        url: `/api/files/reports/${fx.reports.withoutPdf}.pdf`,
      });
      expect(rendered.statusCode).toBe(200);
      expect(rendered.headers['content-type']).toBe('application/pdf');
      expect(rendered.rawPayload.length).toBeGreaterThan(1000);
      const none = await t.app.inject({ method: 'GET', url: `/api/files/reports/${fx.reports.empty}.pdf` });
      expect(none.statusCode).toBe(404);
      expect(none.json().msg).toBe('该研报暂无 PDF 文件');
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/files/reports/..%2Fsecret.pdf' })).statusCode,
      ).toBe(400);

      const sample = await t.app.inject({ method: 'GET', url: '/api/operation/reportsample' });
      expect(sample.json().data.list.map((r: { id: number }) => r.id)).toEqual([
        fx.reports.withPdf,
        fx.reports.withoutPdf,
        fx.reports.empty,
      ]);
    });

    it('shows an investor with contacts masked, and whole to a VIP', async () => {
      const anonymous = await data('/acorg/investorInfo', { id: fx.investors.zhang });
      expect(anonymous).toMatchObject({
        name: '张伟',
        institution: { id: fx.orgs.red, shortName: '红岭创投' },
        contact: { phone: '1*********2', isUnlocked: false },
      });
      const vip = await signIn(db(), { vipExpiresAt: new Date(Date.now() + DAY) });
      expect((await data('/acorg/investorInfo', { id: fx.investors.zhang }, vip.cookie)).contact).toEqual({
        phone: '13700002222',
        email: 'zhang@example.com',
        wechat: 'wx_zhang',
        isUnlocked: true,
      });
      expect((await post('/acorg/investorInfo', { id: 999999 })).statusCode).toBe(404);
    });
  });
}
