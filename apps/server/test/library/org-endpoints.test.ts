/**
 * The library's institutions and investors: an institution's card, members, news and
 * projects, following it, and an investor's page with contacts masked.
 */
import { describe, expect, it } from 'vitest';
import { DB_ENGINES } from '../helpers/app.js';
import { signIn } from '../helpers/users.js';
import { useLibraryApp } from './library-app.js';

const DAY = 86_400_000;

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`library institution and investor endpoints on ${engine}`, () => {
    const { fx, db, post, data } = useLibraryApp(engine);

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
