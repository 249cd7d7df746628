import { Code, MATCH_STRONG_SCORE } from '@jq/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, savedSearches, userProfiles, users } from '../../src/db/schema.js';
import {
  type DemoDataset,
  generateDemoData,
  insertDataset,
  readIdOffsets,
} from '../../src/modules/demo/index.js';
import { notifyLibraryChanged, SNAPSHOT_JOB } from '../../src/modules/library/index.js';
import { syncReferenceData } from '../../src/modules/reference/index.js';
import { selectRows } from '../../src/platform/database/index.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/users.js';

// 300 projects keep every ranking below with room to spare (e.g. the first 39 thesis matches are
// all AI or semiconductor, every one of institution 1's top 30 scores 40 or more) at half the load.
const SCALE = { institutions: 40, investors: 240, projects: 300, reports: 0, news: 0 };
let dataset: DemoDataset | undefined;
const demo = () => {
  dataset ??= generateDemoData({ seed: 42, scale: SCALE, now: new Date('2026-11-22T00:00:00Z') });
  return dataset;
};

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`matching endpoints on ${engine}`, () => {
    let t: TestApp;
    let owner: Awaited<ReturnType<typeof signIn>>;
    let other: Awaited<ReturnType<typeof signIn>>;
    let ownPid: number;
    let othersPid: number;
    beforeAll(async () => {
      t = await createTestApp({ engine });
      const db = t.platform.database.db;
      await syncReferenceData(db);
      await db.transaction(async (tx) => insertDataset(tx, demo(), await readIdOffsets(tx)));
      owner = await signIn(db, { name: '创业者' });
      other = await signIn(db, { name: '别人' });
      // A project with rounds (so it has investors) for each user.
      const funded = demo().projects.filter((p) => p.stage >= 2 && p.stage <= 5 && p.tags.length);
      ownPid = funded[0]!.id;
      othersPid = funded[1]!.id;
      await db.update(projects).set({ ownerUserId: owner.user.id }).where(sql`id = ${ownPid}`);
      await db.update(projects).set({ ownerUserId: other.user.id }).where(sql`id = ${othersPid}`);
    }, 120_000);
    afterAll(() => {
      // fetch holds the aborted stream's connection for seconds; the tests are done with it.
      t?.app.server.closeAllConnections();
      return t?.close();
    });

    const post = (url: string, payload: object = {}, cookie?: string) =>
      t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: cookie ? { cookie } : {} });
    const data = async (url: string, payload: object = {}, cookie?: string) => {
      const res = await post(url, payload, cookie);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      return res.json().data;
    };

    it('builds the profile from an own project and refuses another user’s project', async () => {
      const info = await data('/acorg/AiOrgSearchPrjSearchInfo', { pid: ownPid }, owner.cookie);
      const p = demo().projects.find((x) => x.id === ownPid)!;
      expect(info).toMatchObject({ source: 'project', pid: ownPid, stage: p.stage, amount: p.amountSought });
      expect(info.industries[0]).toBe(p.subIndustryId);
      const refused = await post('/acorg/AiOrgSearchPrjSearchInfo', { pid: othersPid }, owner.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe(Code.FORBIDDEN);
      expect((await post('/acorg/AiOrgSearchPrjSearchInfo', { pid: ownPid })).statusCode).toBe(401);
      const missing = await post('/acorg/AiOrgSearchPrjSearchInfo', { pid: 99_999_999 }, owner.cookie);
      expect(missing.statusCode).toBe(404);
    });

    it('parses a description and asks for an industry when it names none', async () => {
      const info = await data(
        '/acorg/AiOrgSearchPrjSearchInfo',
        { description: '深圳的工商业储能系统公司，正在进行A轮融资，拟融资5000万元' },
        owner.cookie,
      );
      expect(info).toMatchObject({ source: 'description', stage: 3, amount: 5000, regions: ['440300'] });
      expect(info.industries[0]).toMatch(/^energy-storage/);
      expect(info.parsed).toEqual({ industry: true, stage: true, amount: true, region: true });
      const vague = await post(
        '/acorg/AiOrgSearchPrjSearchInfo',
        { description: '我们的团队很优秀，正在寻找投资' },
        owner.cookie,
      );
      expect(vague.statusCode).toBe(422);
      expect(vague.json()).toMatchObject({ code: Code.INDUSTRY_REQUIRED, data: { field: 'industry' } });
      const empty = await post('/acorg/AiOrgSearchPrjSearchInfo', {}, owner.cookie);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().msg).toContain('项目描述');
    });

    it('stores a match, ranks investors with reasons, filters and clamps pages', async () => {
      const created = await data(
        '/acorg/AiOrgSearchCreate',
        {
          pid: ownPid,
          industry: demo().projects.find((x) => x.id === ownPid)!.industries,
          stage: 3,
          amount: 3000,
        },
        owner.cookie,
      );
      expect(created.total).toBeGreaterThan(0);
      const [row] = await t.platform.database.db.select().from(savedSearches).where(sql`id = ${created.id}`);
      expect(row).toMatchObject({ kind: 'financing_need', userId: owner.user.id });
      const result = await data('/acorg/AiOrgSearchResult', { id: created.id, pageSize: 500 }, owner.cookie);
      expect(result.pageSize).toBe(100);
      expect(result.total).toBe(created.total);
      expect(result.list.length).toBe(Math.min(100, created.total));
      // Strong matches (60 or more) are counted apart from the weaker ones; all of them rank first.
      const strong = result.list.filter(
        (item: { baseScore: number }) => item.baseScore >= MATCH_STRONG_SCORE,
      );
      expect(result.strongTotal).toBeGreaterThan(0);
      expect(result.strongTotal).toBeLessThan(result.total);
      expect(strong.length).toBe(Math.min(result.strongTotal, 100));
      expect(result.list.slice(0, strong.length)).toEqual(strong);
      const first = result.list[0];
      expect(first.rank).toBe(1);
      expect(first.investor.id).toBe(first.id);
      expect(first.reasons.length).toBeGreaterThanOrEqual(2);
      expect(Object.keys(first.breakdown)).toEqual([
        'industry',
        'stage',
        'ticket',
        'region',
        'portfolio',
        'thesis',
        'activity',
        'conflict',
        'vip',
      ]);
      const scores = result.list.map((i: { score: number }) => i.score);
      expect([...scores].sort((a, b) => b - a)).toEqual(scores);
      // Filters: only investors that state or did B rounds.
      const filtered = await data('/acorg/AiOrgSearchResult', { id: created.id, stage: [4] }, owner.cookie);
      for (const item of filtered.list) {
        const i = demo().investors.find((x) => x.id === item.id)!;
        const did = demo().rounds.some(
          (r) => r.stage === 4 && r.investors.some((s) => s.investorId === i.id),
        );
        expect(i.stages.includes(4) || did).toBe(true);
      }
      const orgs = await data(
        '/acorg/AiOrgSearchResult',
        { id: created.id, target: 'institution' },
        owner.cookie,
      );
      expect(orgs.list[0]).toMatchObject({ kind: 'institution', investor: null });
      const bad = await post(
        '/acorg/AiOrgSearchResult',
        { id: created.id, industry: ['nope'] },
        owner.cookie,
      );
      expect(bad.statusCode).toBe(400);
      // Another user can neither read it nor see it in their history.
      const stranger = await post('/acorg/AiOrgSearchResult', { id: created.id }, other.cookie);
      expect(stranger.statusCode).toBe(404);
      const history = await data('/acorg/AiOrgSearchHistory', {}, other.cookie);
      expect(history.list.map((h: { id: number }) => h.id)).not.toContain(created.id);
      const mine = await data('/acorg/AiOrgSearchHistory', {}, owner.cookie);
      expect(mine.list[0]).toMatchObject({ id: created.id, profile: { pid: ownPid } });
    });

    it('refuses to create a match for another user’s project or without an industry', async () => {
      const theirs = await post(
        '/acorg/AiOrgSearchCreate',
        { pid: othersPid, industry: ['nev'] },
        owner.cookie,
      );
      expect(theirs.statusCode).toBe(403);
      const noIndustry = await post('/acorg/AiOrgSearchCreate', { description: '随便看看' }, owner.cookie);
      expect(noIndustry.statusCode).toBe(400);
      expect(noIndustry.json().msg).toContain('行业');
    });

    it('keeps to five financing needs a day', async () => {
      const { user, cookie } = await signIn(t.platform.database.db, { name: '限额' });
      for (let i = 0; i < 5; i++) {
        const res = await post(
          '/acorg/AiOrgSearchCreate',
          { industry: ['ai'], description: `第 ${i} 次` },
          cookie,
        );
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.remaining).toBe(4 - i);
      }
      const sixth = await post('/acorg/AiOrgSearchCreate', { industry: ['ai'] }, cookie);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().msg).toContain('每天 5 次');
      const page = await data('/chat/aimatchpage', {}, cookie);
      expect(page.limit).toMatchObject({ remaining: 0, used: 5 });
      expect(page.recent.length).toBe(5);
      expect(user.id).toBeGreaterThan(0);
    });

    it('lists investors active in an industry and refuses an unknown one', async () => {
      const res = await data('/acorg/matchInvestorWithIndustry', { industry: 'ai', pageSize: 5 });
      expect(res.industry).toEqual({ id: 'ai', name: '人工智能' });
      expect(res.list.length).toBeGreaterThan(0);
      expect((await post('/acorg/matchInvestorWithIndustry', { industry: 'nope' })).statusCode).toBe(400);
    });

    it('shows the match page and only the user’s own projects', async () => {
      const anonymous = await data('/chat/aimatchpage');
      expect(anonymous).toMatchObject({ projects: [], limit: null, recent: [] });
      expect(anonymous.examples.length).toBeGreaterThan(0);
      const own = await data('/chat/aiprivateprjpage', { pageSize: 1000 }, owner.cookie);
      expect(own).toMatchObject({ total: 1, pageSize: 100 });
      expect(own.list.map((p: { id: number }) => p.id)).toEqual([ownPid]);
      expect((await post('/chat/aiprivateprjpage', {})).statusCode).toBe(401);
    });

    it('matches projects to a thesis, an institution, or the user’s own institution', async () => {
      const thesis = await data('/chat/aiprojectpage', {
        thesis: '关注人工智能和半导体的A轮、B轮项目，单笔 1000-5000 万',
        pageSize: 5,
      });
      expect(thesis.strongTotal).toBeLessThanOrEqual(thesis.total);
      expect(thesis.seeker).toMatchObject({
        kind: 'thesis',
        stages: [3, 4],
        ticketMin: 1000,
        ticketMax: 5000,
      });
      expect(thesis.list.length).toBe(5);
      for (const item of thesis.list) expect(['ai', 'semiconductor']).toContain(item.project.industryId);
      const vague = await post('/chat/aiprojectpage', { thesis: '看好优秀的团队' });
      expect(vague.json().code).toBe(Code.INDUSTRY_REQUIRED);
      const org = demo().institutions[0]!;
      const byOrg = await data('/chat/aiprojectpage', { institutionId: org.id, stage: [3], pageSize: 10 });
      expect(byOrg.seeker).toMatchObject({ kind: 'institution', id: org.id });
      for (const item of byOrg.list) expect(item.project.stage).toBe(3);
      expect((await post('/chat/aiprojectpage', {})).statusCode).toBe(400);
      const investor = await signIn(t.platform.database.db, { name: '投资人', role: 2 });
      await t.platform.database.db.insert(userProfiles).values({
        userId: investor.user.id,
        role: 2,
        company: org.name,
        title: '合伙人',
        orgId: String(org.id),
        orgName: org.name,
      });
      const mine = await data('/chat/aiprojectpage', {}, investor.cookie);
      expect(mine.seeker).toMatchObject({ kind: 'institution', id: org.id });
    });

    it('gives VIP owners’ projects a bounded boost shown as such', async () => {
      const org = demo().institutions[1]!;
      const before = await data('/chat/aiprojectpage', { institutionId: org.id, pageSize: 30 });
      const target = before.list.find((i: { baseScore: number }) => i.baseScore >= 40);
      expect(target).toBeDefined();
      const vip = await signIn(t.platform.database.db, {
        name: 'VIP',
        vipExpiresAt: new Date(Date.now() + 86_400_000),
      });
      await t.platform.database.db
        .update(projects)
        .set({ ownerUserId: vip.user.id })
        .where(sql`id = ${target.project.id}`);
      await notifyLibraryChanged(t.platform.bus);
      const after = await data('/chat/aiprojectpage', { institutionId: org.id, pageSize: 30 });
      const boosted = after.list.find((i: { project: { id: number } }) => i.project.id === target.project.id);
      expect(boosted.isVipPriority).toBe(true);
      expect(boosted.breakdown.vip.points).toBeGreaterThan(0);
      expect(boosted.score - boosted.baseScore).toBeLessThanOrEqual(boosted.breakdown.vip.max);
      expect(boosted.reasons.map((r: { component: string }) => r.component)).toContain('vip');
      await t.platform.database.db.update(users).set({ vipExpiresAt: null }).where(sql`id = ${vip.user.id}`);
    });

    it('shows a brochure with rounds and refuses a missing project', async () => {
      const funded = demo().rounds[0]!.projectId;
      const b = await data('/brochure/getProjectDisplayData', { pid: funded });
      expect(b.project.id).toBe(funded);
      expect(b.rounds.length).toBe(demo().rounds.filter((r) => r.projectId === funded).length);
      expect(b.highlights.length).toBeGreaterThanOrEqual(2);
      expect(JSON.stringify(b)).not.toContain('search_tokens');
      expect((await post('/brochure/getProjectDisplayData', { pid: 99_999_999 })).statusCode).toBe(404);
    });

    it('streams matches, then reasons, and ends with isend', async () => {
      const res = await post('/brochure/getRecommendInvestorsStream', { pid: ownPid, limit: 5 });
      expect(res.headers['content-type']).toContain('text/event-stream');
      const events = res.body
        .split('\n\n')
        .filter((chunk) => chunk.startsWith('data: '))
        .map((chunk) => JSON.parse(chunk.slice(6)));
      const cards = events.filter((e) => e.type === 'card');
      expect(cards.slice(0, 5).every((e) => e.card === 'match' && e.item.reasons.length === 0)).toBe(true);
      expect(cards.slice(5).every((e) => e.card === 'reasons' && e.reasons.length >= 2)).toBe(true);
      expect(cards.slice(5).map((e) => e.id)).toEqual(cards.slice(0, 5).map((e) => e.item.id));
      expect(events.at(-1)).toMatchObject({ type: 'status', status: 'done', isend: true });
      expect(events.slice(0, -1).every((e) => e.isend === false)).toBe(true);
      const missing = await post('/brochure/getRecommendInvestorsStream', { pid: 99_999_999 });
      const last = JSON.parse(missing.body.trim().split('\n\n').at(-1)!.slice(6));
      expect(last).toMatchObject({ type: 'error', code: Code.NOT_FOUND, isend: true });
    });

    it('stops a stream when the client aborts and keeps serving', async () => {
      const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
      const controller = new AbortController();
      const res = await fetch(`${address}/api/brochure/getRecommendInvestorsStream`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pid: ownPid, limit: 20 }),
        signal: controller.signal,
      });
      const reader = res.body!.getReader();
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value)).toContain('"card":"match"');
      controller.abort();
      await expect(reader.read()).rejects.toThrow();
      const health = await fetch(`${address}/api/health`);
      expect(health.status).toBe(200);
    });

    it('rebuilds after the library changes', async () => {
      const org = demo().institutions[2]!;
      const before = await data('/chat/aiprojectpage', { institutionId: org.id, pageSize: 1 });
      const db = t.platform.database.db;
      const [copy] = await db.select().from(projects).where(sql`id = ${before.list[0].project.id}`);
      const { id: _id, nameVector: _n, searchVector: _s, externalId: _e, ...fields } = copy!;
      const [inserted] = await db
        .insert(projects)
        .values({ ...fields, name: '新近入库科技有限公司', brandName: '新近入库' })
        .returning({ id: projects.id });
      const stale = await data('/chat/aiprojectpage', { institutionId: org.id, pageSize: 1 });
      expect(stale.total).toBe(before.total);
      await notifyLibraryChanged(t.platform.bus);
      const after = await data('/chat/aiprojectpage', { institutionId: org.id, pageSize: 100 });
      expect(after.total).toBe(before.total + 1);
      expect(after.list.map((i: { project: { id: number } }) => i.project.id)).toContain(inserted!.id);
    });
  });

  // The match index is a view of the library snapshot: built by its job, with it.
  describe.skipIf(!available)(`match index in a server on ${engine}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      // Not NODE_ENV=test: the index is built when the app is ready and after every change.
      t = await createTestApp({ engine, env: { NODE_ENV: 'development', DEMO_DATA: 'false' } });
      await t.platform.database.db.transaction(async (tx) =>
        insertDataset(tx, demo(), await readIdOffsets(tx)),
      );
    }, 120_000);
    afterAll(() => t?.close());

    const doneBuilds = async () =>
      (
        await selectRows<{ n: number }>(
          t.platform.database.db,
          sql`select count(*)::int as n from job_runs where name = ${SNAPSHOT_JOB} and state = 'done'`,
        )
      )[0]!.n;

    it('builds on the jobs port once ready and again after a change, before any match asks', async () => {
      await t.app.ready();
      await expect.poll(doneBuilds, { timeout: 30_000 }).toBe(1);
      await notifyLibraryChanged(t.platform.bus);
      await expect.poll(doneBuilds, { timeout: 30_000 }).toBe(2);
      const page = await t.app.inject({
        method: 'POST',
        url: '/api/chat/aiprojectpage',
        payload: { institutionId: demo().institutions[0]!.id, pageSize: 5 },
      });
      expect(page.json().data.list.length).toBe(5);
      expect(await doneBuilds()).toBe(2);
    });
  });
}
