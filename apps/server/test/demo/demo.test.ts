import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenize } from '../../src/lib/text.js';
import { generateDemoData } from '../../src/modules/demo/generate.js';
import { latentFilePath } from '../../src/modules/demo/latent-file.js';
import { DEMO_META_KEY, loadDemoData } from '../../src/modules/demo/load.js';
import { patentCheckDigit } from '../../src/modules/demo/people.js';
import type { DemoCounts, DemoDataset } from '../../src/modules/demo/types.js';
import { ensureReportPdf, renderReportPdf } from '../../src/modules/library/report-pdf.js';
import { EARLY_STAGES, LATE_STAGES } from '../../src/modules/reference/index.js';
import { selectRows } from '../../src/platform/database/index.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';

const NOW = new Date('2026-11-22T00:00:00Z');
const SMALL: DemoCounts = { institutions: 60, investors: 360, projects: 1500, reports: 8, news: 40 };
const TINY: DemoCounts = { institutions: 20, investors: 120, projects: 200, reports: 3, news: 12 };

/** /Type /Page objects of a PDF (not /Pages): how many pages it has. */
function countPdfPages(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;
}

describe('demo data generation', () => {
  let data: DemoDataset;
  beforeAll(() => {
    data = generateDemoData({ seed: 7, scale: SMALL, now: NOW });
  });

  it('gives identical records for the same seed and different ones for another seed', () => {
    const again = generateDemoData({ seed: 7, scale: SMALL, now: NOW });
    expect(JSON.stringify(again)).toBe(JSON.stringify(data));
    const other = generateDemoData({ seed: 8, scale: SMALL, now: NOW });
    expect(other.projects[0]!.name).not.toBe(data.projects[0]!.name);
    expect(JSON.stringify(other.rounds)).not.toBe(JSON.stringify(data.rounds));
  });

  it('makes the counts asked for', () => {
    expect(data.institutions).toHaveLength(SMALL.institutions);
    expect(data.investors).toHaveLength(SMALL.investors);
    expect(data.projects).toHaveLength(SMALL.projects);
    expect(data.reports).toHaveLength(SMALL.reports);
    expect(data.news).toHaveLength(SMALL.news);
  });

  it('spreads projects over stages like the market: mostly seed, angel and A, few late rounds', () => {
    const share = (stages: readonly number[]) =>
      data.projects.filter((p) => stages.includes(p.stage)).length / data.projects.length;
    expect(share(EARLY_STAGES)).toBeGreaterThan(0.5);
    expect(share(LATE_STAGES)).toBeLessThan(0.1);
    const rounds = data.projects.map((p) => data.rounds.filter((r) => r.projectId === p.id).length);
    expect(Math.max(...rounds)).toBeLessThanOrEqual(5);
  });

  it('links round investors consistently with their latent industries and institutions', () => {
    const projects = new Map(data.projects.map((p) => [p.id, p]));
    const investors = new Map(data.investors.map((i) => [i.id, i]));
    const orgIndustries = new Map<number, Set<string>>();
    for (const o of data.institutions) orgIndustries.set(o.id, new Set(o.latent.industries.map((i) => i.id)));
    for (const i of data.investors)
      for (const x of i.latent.industries) orgIndustries.get(i.institutionId)!.add(x.id);
    let total = 0;
    let matching = 0;
    for (const round of data.rounds) {
      for (const ri of round.investors) {
        total += 1;
        expect(investors.get(ri.investorId)!.institutionId).toBe(ri.institutionId);
        if (orgIndustries.get(ri.institutionId)!.has(projects.get(round.projectId)!.industryId))
          matching += 1;
      }
      expect(new Set(round.investors.map((i) => i.institutionId)).size).toBe(round.investors.length);
      if (round.investors.length) expect(round.investors.filter((i) => i.isLead)).toHaveLength(1);
    }
    expect(total).toBeGreaterThan(500);
    expect(matching / total).toBeGreaterThanOrEqual(0.8);
  });

  it('dates rounds within the last six years, more of them recently', () => {
    const years = data.rounds.map((r) => Number(r.date.slice(0, 4)));
    expect(Math.min(...years)).toBeGreaterThanOrEqual(2020);
    expect(data.rounds.every((r) => r.date <= '2026-11-22')).toBe(true);
    const recent = years.filter((y) => y >= 2024).length;
    expect(recent / years.length).toBeGreaterThan(0.5);
  });

  it('writes reports of 5-30 non-empty pages that state the market size', () => {
    for (const report of data.reports) {
      expect(report.pages.length).toBeGreaterThanOrEqual(5);
      expect(report.pages.length).toBeLessThanOrEqual(30);
      report.pages.forEach((page, i) => {
        expect(page.pageNo).toBe(i + 1);
        expect(page.text.trim().length).toBeGreaterThan(20);
      });
      const market = report.pages.find((p) => p.text.includes('市场规模约为'));
      expect(market?.text).toMatch(/\d{4}年中国.+市场规模约为[\d.]+万?亿元/);
    }
  });

  it('uses fictional contacts only and well-formed patent numbers', () => {
    const phones = [
      ...data.investors.map((i) => i.phone),
      ...data.projects.flatMap((p) => p.contacts.map((c) => c.phone)),
    ];
    expect(phones.every((p) => /^19900\d{6}$/.test(p))).toBe(true);
    expect(new Set(phones).size).toBe(phones.length);
    const emails = [
      ...data.investors.map((i) => i.email),
      ...data.projects.flatMap((p) => p.contacts.map((c) => c.email)),
    ];
    expect(emails.every((e) => e.endsWith('@demo.jinqiao.cn'))).toBe(true);
    for (const patent of data.projects.flatMap((p) => p.patents)) {
      const match = /^CN(\d{12})\.([\dX])$/.exec(patent.number);
      expect(match, patent.number).not.toBeNull();
      expect(patentCheckDigit(match![1]!)).toBe(match![2]);
    }
  });

  it('states theses that differ from the latent preferences now and then', () => {
    const differs = data.investors.filter((i) => {
      const stated = i.industries
        .filter((id) => !id.includes('.'))
        .sort()
        .join();
      return (
        stated !==
        i.latent.industries
          .map((x) => x.id)
          .sort()
          .join()
      );
    });
    expect(differs.length / data.investors.length).toBeGreaterThan(0.2);
    expect(differs.length / data.investors.length).toBeLessThan(0.9);
  });

  it('renders a report as a PDF with one page per report page and the CJK font embedded', async () => {
    const report = data.reports[0]!;
    const pdf = await renderReportPdf({ ...report, isDemo: true });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(countPdfPages(pdf)).toBe(report.pages.length);
    const text = pdf.toString('latin1');
    expect(text).toMatch(/\/FontFile3/);
    expect(text).toMatch(/NotoSansHans-Regular/);
    expect(pdf.length).toBeLessThan(600 * 1024);
  });
});

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`loading demo data on ${engine}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ engine });
    });
    afterAll(() => t.close());

    it('loads an empty library once, with counts, search fields, the seed and the latent file', async () => {
      const result = await loadDemoData(t.platform, {
        seed: 11,
        scale: TINY,
        now: NOW,
        dataDir: t.config.dataDir,
      });
      expect(result.loaded).toBe(true);
      const db = t.platform.database.db;
      const [counts] = await selectRows<Record<string, string>>(
        db,
        sql`select (select count(*) from institutions) as institutions, (select count(*) from investors) as investors,
          (select count(*) from projects) as projects, (select count(*) from reports) as reports,
          (select count(*) from news) as news, (select count(*) from projects where not is_demo) as not_demo,
          (select count(*) from projects where search_tokens = '' or name_grams = '') as unindexed,
          (select count(*) from report_pages) as pages, (select sum(page_count) from reports) as page_sum`,
      );
      expect(Object.fromEntries(Object.entries(counts!).map(([k, v]) => [k, Number(v)]))).toMatchObject({
        ...TINY,
        not_demo: 0,
        unindexed: 0,
      });
      expect(Number(counts!.pages)).toBe(Number(counts!.page_sum));

      const [meta] = await selectRows<{ value: { seed: number } }>(
        db,
        sql`select value from system_meta where key = ${DEMO_META_KEY}`,
      );
      expect(meta!.value.seed).toBe(11);
      const latent = JSON.parse(await readFile(latentFilePath(t.config.dataDir), 'utf8'));
      expect(latent.investors).toHaveLength(TINY.investors);
      expect(latent.investors[0]).toMatchObject({
        investorId: expect.any(Number),
        industries: expect.any(Array),
      });

      // Industry names are in the tokens (as jieba cuts them), so 储能 finds a project of that industry.
      const rows = await selectRows<{ search_tokens: string; name: string }>(
        db,
        sql`select p.search_tokens, i.name from projects p join industries i on i.id = p.industry_id`,
      );
      for (const r of rows) {
        const tokens = new Set(r.search_tokens.split(' '));
        expect(
          tokenize(r.name).every((token) => tokens.has(token)),
          r.name,
        ).toBe(true);
      }

      const again = await loadDemoData(t.platform, { seed: 11, scale: TINY, now: NOW });
      expect(again.loaded).toBe(false);
    });

    it('renders a stored report to the storage port on demand, pages matching report_pages', async () => {
      const db = t.platform.database.db;
      const [report] = await selectRows<{ id: string; page_count: number }>(
        db,
        sql`select id, page_count from reports limit 1`,
      );
      const key = await ensureReportPdf(t.platform, Number(report!.id));
      expect(key).toBe(`reports/${report!.id}.pdf`);
      const stored = await t.platform.storage.get(key!);
      expect(stored?.contentType).toBe('application/pdf');
      expect(countPdfPages(stored!.body)).toBe(report!.page_count);
    });

    it('replaces demo rows with --force and keeps ids moving forward', async () => {
      const result = await loadDemoData(t.platform, { seed: 12, scale: TINY, now: NOW, force: true });
      expect(result.loaded).toBe(true);
      const [row] = await selectRows<{ n: string; min: string }>(
        t.platform.database.db,
        sql`select count(*) as n, min(id) as min from projects`,
      );
      expect(Number(row!.n)).toBe(TINY.projects);
      const [inserted] = await selectRows<{ id: string }>(
        t.platform.database.db,
        sql`insert into institutions (name) values ('新建机构') returning id`,
      );
      expect(Number(inserted!.id)).toBeGreaterThan(TINY.institutions);
    });
  });
}
