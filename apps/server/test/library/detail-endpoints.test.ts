/**
 * The library's detail pages: a project with its rounds, patents and contacts (masked until
 * unlocked), unlocking, and a report with its PDF.
 */
import { Code, maskText } from '@jq/contract';
import { describe, expect, it } from 'vitest';
import { userProjects } from '../../src/db/schema.js';
import { DB_ENGINES } from '../helpers/app.js';
import { signIn } from '../helpers/users.js';
import { setProjectOwner } from './fixtures.js';
import { useLibraryApp } from './library-app.js';

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
  describe.skipIf(!available)(`library detail endpoints on ${engine}`, () => {
    const { fx, app, db, post, data } = useLibraryApp(engine);

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

    it('describes reports and serves their PDF', async () => {
      const info = await data('/acchat/reportinfo', { id: fx.reports.withPdf, page: 2 });
      expect(info).toMatchObject({
        pageCount: 3,
        industryName: '新能源汽车',
        pdfUrl: `/api/files/reports/${fx.reports.withPdf}.pdf`,
        page: { pageNo: 2 },
      });
      expect(info.page.text).toContain('第2页');
      // The outline is each stored page's first line; the fixture's pages list no key points.
      expect(info.outline.map((entry: { pageNo: number }) => entry.pageNo)).toEqual([1, 2, 3]);
      expect(info.outline[1].title).toContain('第2页');
      expect(info).toMatchObject({ keyPoints: [], riskNote: null });
      expect((await data('/acchat/reportinfo', { pid: fx.reports.empty })).pdfUrl).toBeNull();
      expect((await post('/acchat/reportinfo', { id: 999999 })).statusCode).toBe(404);
      expect((await post('/acchat/reportinfo', {})).statusCode).toBe(400);
      // A page number past any report's pages (and past PostgreSQL's integer) is refused by the schema.
      const tooFar = await post('/acchat/reportinfo', { id: fx.reports.withPdf, page: 3_000_000_000 });
      expect(tooFar.statusCode).toBe(400);
      expect(tooFar.json().msg).toContain('页码');

      const pdf = await app().inject({ method: 'GET', url: info.pdfUrl });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // Pages without a stored PDF yet: rendered when first opened, then served as stored.
      const rendered = await app().inject({
        method: 'GET',
        url: `/api/files/reports/${fx.reports.withoutPdf}.pdf`,
      });
      expect(rendered.statusCode).toBe(200);
      expect(rendered.headers['content-type']).toBe('application/pdf');
      expect(rendered.rawPayload.length).toBeGreaterThan(1000);
      const none = await app().inject({ method: 'GET', url: `/api/files/reports/${fx.reports.empty}.pdf` });
      expect(none.statusCode).toBe(404);
      expect(none.json().msg).toBe('该研报暂无 PDF 文件');
      expect(
        (await app().inject({ method: 'GET', url: '/api/files/reports/..%2Fsecret.pdf' })).statusCode,
      ).toBe(400);

      const sample = await app().inject({ method: 'GET', url: '/api/operation/reportsample' });
      expect(sample.json().data.list.map((r: { id: number }) => r.id)).toEqual([
        fx.reports.withPdf,
        fx.reports.withoutPdf,
        fx.reports.empty,
      ]);
    });
  });
}
