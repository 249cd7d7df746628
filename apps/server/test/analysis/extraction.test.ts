/**
 * Extraction and diagnosis on generated plans (PDF and PPTX, no server): every planted
 * defect is flagged, clean plans are not, facts keep their pages; peer figures equal what SQL
 * computes on the same library.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  buildReport,
  DEFECT_FLAGS,
  DEFECTS,
  peerFigures,
  planSlides,
  renderPlan,
} from '../../src/modules/analysis/index.js';
import { parsePlan } from '../../src/modules/analysis/sources.js';
import { selectRows } from '../../src/platform/database/index.js';
import { DB_ENGINES } from '../helpers/app.js';
import { useAnalysisApp } from './helpers.js';

const TODAY = '2026-11-25';

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`plan extraction and peers (${engine})`, () => {
    const a = useAnalysisApp(engine);

    async function reportOf(spec: ReturnType<typeof a.spec>, format: 'pdf' | 'pptx') {
      const bytes = await renderPlan(spec, format);
      const parsed = await parsePlan({ filename: `p.${format}`, kind: format, bytes }, {});
      return {
        parsed,
        report: await buildReport(a.db, {
          pages: parsed.pages,
          isPlan: true,
          mode: 'diagnosis',
          today: TODAY,
        }),
      };
    }

    it('reads company, industry, stage, ask, team, market, traction, competitors and use of funds with their pages', async () => {
      const spec = a.spec(0);
      const slides = planSlides(spec);
      for (const format of ['pdf', 'pptx'] as const) {
        const { report, parsed } = await reportOf(spec, format);
        const f = report.facts;
        expect(parsed.pages).toHaveLength(slides.length);
        expect(f.company?.value).toBe(spec.project.name);
        expect(f.industry?.id).toBe(spec.project.subIndustry);
        expect(f.stage?.code).toBe(spec.project.stage);
        expect(f.ask?.number).toBeCloseTo(spec.ask, 0);
        const page = (title: RegExp) => slides.findIndex((s) => title.test(s.title)) + 1;
        expect(f.ask?.page).toBe(page(/融资/));
        expect(f.team.length).toBe(Math.min(spec.project.team.length, 4));
        expect(f.team.every((m) => m.page === page(/团队/))).toBe(true);
        expect(f.marketClaims[0]?.page).toBe(page(/市场/));
        expect(f.marketClaims[0]?.source).not.toBe('');
        expect(f.traction.some((t) => t.metric === 'revenue' && t.year === '2025')).toBe(true);
        expect(f.traction.some((t) => t.metric === 'growth')).toBe(true);
        expect(f.competitors.length).toBeGreaterThanOrEqual(2);
        expect(f.useOfFunds.map((u) => u.number)).toEqual([40, 35, 25]);
        // Every quote is text of the page it names.
        for (const fact of [f.ask!, ...f.team, ...f.marketClaims, ...f.traction, ...f.useOfFunds]) {
          const text = parsed.pages.find((p) => p.no === fact.page)!.text.replace(/\s+/g, ' ');
          expect(text).toContain(fact.quote.replace(/…$/, '').slice(0, 30));
        }
        expect(report.flags).toEqual([]);
        expect(report.dimensions).toHaveLength(9);
        expect(report.readiness.basis.length).toBe(3);
      }
    });

    it('flags each planted defect, in PDF and PPTX', async () => {
      for (const [i, defect] of DEFECTS.entries()) {
        for (const format of ['pdf', 'pptx'] as const) {
          const { report } = await reportOf(a.spec(i % 6, [defect]), format);
          const want = DEFECT_FLAGS[defect];
          expect(
            report.flags.map((f) => `${f.code}:${f.subject}`),
            `${defect} ${format}`,
          ).toContain(`${want.code}:${want.subject}`);
        }
      }
    });

    it('compares with peers: the figures equal SQL on the same rounds', async () => {
      const spec = a.spec(1);
      const peers = await peerFigures(a.db, spec.project.subIndustry, spec.project.stage, { today: TODAY });
      expect(peers.roundCount).toBeGreaterThan(0);
      const industry = peers.industryId;
      const [row] = await selectRows<{
        n: number;
        projects: number;
        amounts: number;
        median: number | null;
        p25: number | null;
        p75: number | null;
        gap: number | null;
        old: number;
        followed: number;
      }>(
        a.db,
        sql`with peer as (
              select r.*, (select min(n.date) from rounds n where n.project_id = r.project_id and n.date > r.date) as next_date
              from rounds r join projects p on p.id = r.project_id
              where r.stage = ${spec.project.stage} and r.date <= ${TODAY}::date
                and (p.industry_id = ${industry} or ${industry} = any(p.industries)))
            select count(*)::int as n, count(distinct project_id)::int as projects, count(amount)::int as amounts,
              percentile_cont(0.5) within group (order by amount) as median,
              percentile_cont(0.25) within group (order by amount) as p25,
              percentile_cont(0.75) within group (order by amount) as p75,
              percentile_cont(0.5) within group (order by (next_date - date)) as gap,
              count(*) filter (where ${TODAY}::date - date >= 548)::int as old,
              count(*) filter (where ${TODAY}::date - date >= 548 and next_date is not null)::int as followed
            from peer`,
      );
      expect(peers.roundCount).toBe(row!.n);
      expect(peers.projectCount).toBe(row!.projects);
      expect(peers.amountCount).toBe(row!.amounts);
      expect(peers.medianAmount).toBeCloseTo(Number(row!.median), 0);
      expect(peers.p25Amount).toBeCloseTo(Number(row!.p25), 0);
      expect(peers.p75Amount).toBeCloseTo(Number(row!.p75), 0);
      if (row!.gap !== null) expect(Math.abs(peers.medianGapDays! - Number(row!.gap))).toBeLessThanOrEqual(1);
      expect(peers.nextRoundBase).toBe(row!.old);
      if (row!.old) expect(peers.nextRoundRate).toBeCloseTo(row!.followed / row!.old, 3);
    });

    it('reads an English plan', async () => {
      const { report } = await reportOf(a.spec(2, [], { language: 'en' }), 'pdf');
      expect(report.facts.language).toBe('en');
      expect(report.facts.team.length).toBe(3);
      expect(report.facts.ask?.number).toBeGreaterThan(0);
      expect(report.facts.marketClaims[0]?.source).not.toBe('');
      expect(report.warnings.join()).toContain('英文计划书');
      expect(report.flags.filter((f) => f.code === 'missing_section')).toEqual([]);
    });
  });
}
