/**
 * The analysis rows end to end on both database engines: upload → streamed diagnosis →
 * stored result; the free summary and the OptPerCharge unlock (charged once, free for VIP,
 * refused without credits); the ownership matrix (another user's analysis answers exactly as
 * a made-up id on every row); sharing; the investor view of a library project; bad plans.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { renderPlan } from '../../src/modules/analysis/index.js';
import { selectRows } from '../../src/platform/database/index.js';
import { DB_ENGINES } from '../helpers/app.js';
import { encryptedPdf, scannedPdf } from '../parsing/fixtures.js';
import { balanceOf, grantCredits } from '../teaser/helpers.js';
import {
  analyse,
  call,
  cards,
  data,
  diagnosePlan,
  makeVip,
  person,
  uploadPlan,
  useAnalysisApp,
} from './helpers.js';

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`analysis API (${engine})`, () => {
    const a = useAnalysisApp(engine);

    it('streams a diagnosis of an uploaded plan: start first, parse progress, cards, memo citing pages, done', async () => {
      const founder = await person(a.t, '创始人甲');
      const { events, id } = await diagnosePlan(a.t, founder, a.spec(0, ['no_team']), 'pptx');
      expect(events[0]).toMatchObject({
        type: 'status',
        status: 'start',
        id,
        mode: 'diagnosis',
        engine: 'local',
      });
      expect(events.some((e) => e.status === 'parsing')).toBe(true);
      const dims = cards(events, 'dimension');
      expect(dims.map((d) => d.dimension.key)).toEqual([
        'team',
        'market',
        'product',
        'traction',
        'business_model',
        'competition',
        'financials',
        'ask',
        'completeness',
      ]);
      // The summary is free; the advice is not sent before the unlock.
      expect(dims.every((d) => d.dimension.advice === null)).toBe(true);
      expect(cards(events, 'flags')[0].flags.map((f: { subject: string }) => f.subject)).toContain('team');
      expect(cards(events, 'readiness')[0]).toMatchObject({ unlocked: false });
      const memo = events
        .filter((e) => e.type === 'delta')
        .map((e) => e.content)
        .join('');
      expect(memo).toContain('缺少“团队”部分');
      const cited = [...memo.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
      expect(cited.length).toBeGreaterThan(0);
      const stored = await data(a.t, founder, '/project/GetAnalyseResult', { id });
      expect(stored).toMatchObject({ id, status: 'done', fileKind: 'pptx', unlocked: false, content: memo });
      for (const n of cited) expect(n).toBeLessThanOrEqual(stored.pageCount);
      // A cited page opens: its text, and the deck file itself.
      const page = await data(a.t, founder, '/project/AnalysePage', { id, page: cited[0] });
      expect(page.no).toBe(cited[0]);
      const file = await a.t.app.inject({
        method: 'GET',
        url: `/api/files/analysis/${id}.pptx`,
        headers: founder.headers,
      });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
      const history = await data(a.t, founder, '/project/AnalyseHistory', {});
      expect(history.list[0]).toMatchObject({ id, status: 'done' });
    });

    it('unlocks the advice once: credits charged one time, a second unlock costs nothing', async () => {
      const founder = await person(a.t, '创始人乙');
      const { id } = await diagnosePlan(a.t, founder, a.spec(1));
      const refused = await call(a.t, founder, '/project/UnlockAnalyseAdvice', { id });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().msg).toContain('算力不足');
      await grantCredits(a.t, founder.id, 100);
      const first = await data(a.t, founder, '/project/UnlockAnalyseAdvice', { id });
      expect(first.via).toBe('credits');
      expect(first.charged).toBeGreaterThan(0);
      expect(first.result.report.dimensions.every((d: { advice: string[] }) => d.advice.length > 0)).toBe(
        true,
      );
      const second = await data(a.t, founder, '/project/UnlockAnalyseAdvice', { id });
      expect(second).toMatchObject({ via: 'already', charged: 0 });
      expect(await balanceOf(a.t, founder.id)).toBe(100 - first.charged);
      const [spent] = await selectRows<{ n: number }>(
        a.db,
        sql`select count(*)::int as n from ledger_entries where user_id = ${founder.id} and reference = ${`unlock:opt:analysis-${id}`}`,
      );
      expect(spent!.n).toBe(1);
      const stored = await data(a.t, founder, '/project/GetAnalyseResult', { id });
      expect(stored.unlocked).toBe(true);
      expect(stored.report.dimensions[0].advice.length).toBeGreaterThan(0);
    });

    it('gives a VIP the advice at once, free', async () => {
      const vip = await person(a.t, '会员');
      await makeVip(a.t, vip.id);
      const { events, id } = await diagnosePlan(a.t, vip, a.spec(2));
      expect(cards(events, 'dimension')[0].dimension.advice.length).toBeGreaterThan(0);
      const unlock = await data(a.t, vip, '/project/UnlockAnalyseAdvice', { id });
      expect(unlock).toMatchObject({ via: 'vip', charged: 0 });
    });

    it("answers another user's analysis exactly as a made-up id, on every row", async () => {
      const owner = await person(a.t, '甲方');
      const other = await person(a.t, '乙方');
      await grantCredits(a.t, other.id, 100);
      const { id } = await diagnosePlan(a.t, owner, a.spec(3));
      const made = id + 100_000;
      for (const [url, body] of [
        ['/project/GetAnalyseResult', (x: number) => ({ id: x })],
        ['/project/AnalysePage', (x: number) => ({ id: x, page: 1 })],
        ['/project/UnlockAnalyseAdvice', (x: number) => ({ id: x })],
        ['/project/ShareAnalyse', (x: number) => ({ id: x })],
      ] as const) {
        const theirs = await call(a.t, other, url, body(id));
        const none = await call(a.t, other, url, body(made));
        expect(theirs.statusCode, url).toBe(404);
        expect(theirs.body, url).toBe(none.body);
      }
      const theirs = await a.t.app.inject({
        method: 'GET',
        url: `/api/files/analysis/${id}.pdf`,
        headers: other.headers,
      });
      const none = await a.t.app.inject({
        method: 'GET',
        url: `/api/files/analysis/${made}.pdf`,
        headers: other.headers,
      });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.body).toBe(none.body);
      // Nothing was charged for the refused unlock.
      expect(await balanceOf(a.t, other.id)).toBe(100);
      // Another user's upload cannot be analysed either.
      const uploadId = await uploadPlan(a.t, owner, await renderPlan(a.spec(3), 'pdf'), 'x.pdf');
      const stolen = await analyse(a.t, other, { uploadId });
      expect(stolen.res.statusCode).toBe(404);
      const signedOut = await a.t.app.inject({
        method: 'POST',
        url: '/api/project/GetAnalyseResult',
        payload: { id },
      });
      expect(signedOut.statusCode).toBe(401);
    });

    it('shares the summary without the advice or the deck', async () => {
      const owner = await person(a.t, '分享者');
      await makeVip(a.t, owner.id);
      const { id } = await diagnosePlan(a.t, owner, a.spec(4));
      const share = await data(a.t, owner, '/project/ShareAnalyse', { id });
      expect(share.path).toBe(`/jq/detailShare?token=${share.token}`);
      const again = await data(a.t, owner, '/project/ShareAnalyse', { id });
      expect(again.token).toBe(share.token);
      const shown = await a.t.app.inject({
        method: 'POST',
        url: '/api/project/GetSharedAnalyse',
        payload: { token: share.token },
      });
      expect(shown.statusCode).toBe(200);
      const body = shown.json().data;
      expect(body.id).toBe(id);
      expect(body.report.dimensions.every((d: { advice: unknown }) => d.advice === null)).toBe(true);
      expect(body).not.toHaveProperty('shareToken');
      const bad = await a.t.app.inject({
        method: 'POST',
        url: '/api/project/GetSharedAnalyse',
        payload: { token: 'x'.repeat(24) },
      });
      expect(bad.statusCode).toBe(404);
    });

    it('writes the investor view of a library project: strengths, risks, peers, active investors, reloaded', async () => {
      const investor = await person(a.t, '投资人');
      const [project] = await selectRows<{ id: number }>(
        a.db,
        sql`select id::int as id from projects where stage in (3, 4) and jsonb_array_length(patents) > 0 order by id limit 1`,
      );
      const { res, events } = await analyse(a.t, investor, { pid: project!.id, mode: 'investor' });
      expect(res.statusCode).toBe(200);
      const end = events.at(-1)!;
      expect(end).toMatchObject({ status: 'done' });
      const view = cards(events, 'investor')[0].investor;
      expect(view.strengths.length + view.risks.length).toBeGreaterThan(0);
      expect(view.investors.length).toBeGreaterThan(0);
      expect(cards(events, 'peers')[0].peers.roundCount).toBeGreaterThan(0);
      const stored = await data(a.t, investor, '/project/GetAnalyseResult', { pid: project!.id });
      expect(stored).toMatchObject({
        id: end.id,
        mode: 'investor',
        source: 'project',
        projectId: project!.id,
      });
      expect(stored.report.investor.investors).toEqual(view.investors);
      const missing = await analyse(a.t, investor, { pid: 987_654_321, mode: 'investor' });
      expect(missing.events.at(-1)).toMatchObject({ type: 'error' });
    });

    it('refuses bad plans with a reason: encrypted, image only, not a plan kind, more than 200 pages', async () => {
      const founder = await person(a.t, '坏文件');
      const encrypted = await uploadPlan(a.t, founder, await encryptedPdf(), 'secret.pdf');
      const e1 = await analyse(a.t, founder, { uploadId: encrypted });
      expect(e1.events.at(-1)).toMatchObject({ type: 'error' });
      expect(String(e1.events.at(-1)!.msg)).toContain('加密');
      const scanned = await uploadPlan(
        a.t,
        founder,
        await scannedPdf(['商业计划书', '融资 3000 万元']),
        'scan.pdf',
      );
      const e2 = await analyse(a.t, founder, { uploadId: scanned });
      expect(String(e2.events.at(-1)!.msg)).toMatch(/扫描件|图片/);
      const big = await uploadPlan(
        a.t,
        founder,
        await renderPlan(a.spec(5, [], { pages: 205 }), 'pptx'),
        'big.pptx',
      );
      const e3 = await analyse(a.t, founder, { uploadId: big });
      expect(String(e3.events.at(-1)!.msg)).toContain('最多 200 页');
      const rows = await selectRows<{ status: string; n: number }>(
        a.db,
        sql`select status, count(*)::int as n from analyses where user_id = ${founder.id} group by status`,
      );
      expect(rows).toEqual([{ status: 'failed', n: 3 }]);
      const missing = await call(a.t, founder, '/project/ProjectAnalyse', {});
      expect(missing.statusCode).toBe(400);
    });

    it('diagnoses a 200-page plan and an English plan', async () => {
      const founder = await person(a.t, '长文件');
      const started = Date.now();
      const { events } = await diagnosePlan(a.t, founder, a.spec(5, [], { pages: 200 }), 'pdf');
      expect(cards(events, 'facts')[0].facts.ask).not.toBeNull();
      expect(Date.now() - started).toBeLessThan(60_000);
      const en = await diagnosePlan(a.t, founder, a.spec(0, [], { language: 'en' }), 'pptx');
      expect(cards(en.events, 'facts')[0].warnings.join()).toContain('英文');
    }, 120_000);
  });
}
