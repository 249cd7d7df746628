/**
 * What the library keeps per user and feeds back: recent views both ways, saved searches,
 * guessed questions, the daily financing-need limit and the discovery feed.
 */
import { describe, expect, it } from 'vitest';
import { savedSearches } from '../../src/db/schema.js';
import { DB_ENGINES } from '../helpers/app.js';
import { signIn } from '../helpers/users.js';
import { useLibraryApp } from './library-app.js';

const DAY = 86_400_000;

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`library activity endpoints on ${engine}`, () => {
    const { fx, db, post, data } = useLibraryApp(engine);

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

      // Another user's browsing is theirs alone (issue 13, finding 6); one's own is shown.
      const theirs = await data('/user/recentAction', { tuid: b.user.uguid }, a.cookie);
      expect(theirs).toMatchObject({ user: { uguid: b.user.uguid, name: '乙' }, list: [], total: 0 });
      const own = await data('/user/recentAction', { tuid: b.user.uguid }, b.cookie);
      expect(own.list.map((v: { targetType: string }) => v.targetType).sort()).toEqual([
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
  });
}
