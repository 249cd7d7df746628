/**
 * A small, hand-checked library for search and endpoint tests: the real taxonomy and regions
 * (reference data) and the seeds of `fixture-data.ts`, written a table at a time (one insert
 * each, ids in seed order). Search columns are filled with lib/text.ts, as the generator and
 * import do.
 */
import { eq } from 'drizzle-orm';
import {
  institutions,
  investors,
  news,
  projects,
  reportPages,
  reports,
  roundInvestors,
  rounds,
} from '../../src/db/schema.js';
import { toNameGramText, toSearchText } from '../../src/lib/text.js';
import { industryName, syncReferenceData } from '../../src/modules/reference/index.js';
import type { Db } from '../../src/platform/database/index.js';
import type { StoragePort } from '../../src/platform/storage/index.js';
import {
  FIXTURE_PDF,
  fixtureProjects,
  NEWS_TITLES,
  ORGS,
  PEOPLE,
  type ProjectSeed,
  REPORT_TITLES,
} from './fixture-data.js';

export interface LibraryFixtures {
  projects: Record<string, number>;
  allProjects: ProjectSeed[];
  orgs: Record<string, number>;
  investors: Record<string, number>;
  /** A stored PDF; pages only (rendered when first opened); neither pages nor PDF. */
  reports: { withPdf: number; withoutPdf: number; empty: number };
  news: number[];
}

/** Ids by seed key, from rows returned in the order they were inserted. */
function byKey(keys: readonly (string | undefined)[], rows: { id: number }[]): Record<string, number> {
  const ids: Record<string, number> = {};
  for (const [i, key] of keys.entries()) if (key) ids[key] = rows[i]!.id;
  return ids;
}

async function insertOrgs(db: Db) {
  const rows = await db
    .insert(institutions)
    .values(
      ORGS.map(([, name, shortName, type, industries, stages, regions]) => ({
        name,
        shortName,
        type,
        foundedYear: 2012,
        industries: [...industries],
        stages: [...stages],
        regions: [...regions],
        ticketMin: 500,
        ticketMax: 20000,
        thesis: `重点关注${industries.map((id) => industryName(id)).join('、')}领域的早中期项目。`,
        nameGrams: toNameGramText(name, shortName),
        searchTokens: toSearchText(name, shortName, type, ...industries.map((id) => industryName(id))),
      })),
    )
    .returning({ id: institutions.id });
  return byKey(
    ORGS.map(([key]) => key),
    rows,
  );
}

async function insertInvestors(db: Db, orgs: Record<string, number>) {
  const rows = await db
    .insert(investors)
    .values(
      PEOPLE.map(([key, name, org, title]) => ({
        name,
        institutionId: orgs[org]!,
        title,
        industries: ['nev', 'ai'],
        stages: [2, 3],
        regions: ['440000'],
        bio: `${name}，${title}，关注新能源汽车与人工智能。`,
        phone: '13700002222',
        email: `${key}@example.com`,
        wechat: `wx_${key}`,
        nameGrams: toNameGramText(name),
        searchTokens: toSearchText(name, title, '新能源汽车 人工智能'),
      })),
    )
    .returning({ id: investors.id });
  return byKey(
    PEOPLE.map(([key]) => key),
    rows,
  );
}

async function insertProjects(db: Db, seeds: ProjectSeed[], orgs: Record<string, number>) {
  const rows = await db
    .insert(projects)
    .values(
      seeds.map((seed) => {
        const latest = seed.rounds[seed.rounds.length - 1];
        return {
          name: seed.name,
          brandName: seed.brand,
          industryId: seed.industryId,
          industries: seed.industries,
          stage: seed.stage,
          amountSought: seed.amount,
          provinceCode: seed.province,
          cityCode: seed.city,
          foundedYear: seed.founded,
          description: seed.description,
          products: '',
          patents: [
            {
              title: `${seed.brand}的一种控制方法`,
              number: 'CN202310000001.X',
              type: '发明专利',
              date: '2023-04-01',
            },
          ],
          contacts: seed.contacts ?? [],
          latestRoundAt: latest?.date ?? null,
          latestRoundStage: latest?.stage ?? null,
          totalRaised: seed.rounds.reduce((sum, r) => sum + (r.amount ?? 0), 0) || null,
          nameGrams: toNameGramText(seed.name, seed.brand),
          searchTokens: toSearchText(
            seed.name,
            seed.brand,
            ...seed.industries.map((id) => industryName(id)),
            seed.description,
          ),
        };
      }),
    )
    .returning({ id: projects.id });
  const seedRounds = seeds.flatMap((seed, i) =>
    seed.rounds.map((round) => ({ ...round, projectId: rows[i]!.id })),
  );
  const roundRows = await db
    .insert(rounds)
    .values(seedRounds.map(({ projectId, date, stage, amount }) => ({ projectId, date, stage, amount })))
    .returning({ id: rounds.id });
  await db.insert(roundInvestors).values(
    seedRounds.flatMap((round, i) =>
      round.investors.map((org, j) => ({
        roundId: roundRows[i]!.id,
        institutionId: orgs[org]!,
        isLead: j === 0,
      })),
    ),
  );
  return byKey(
    seeds.map((seed) => seed.key),
    rows,
  );
}

async function insertReports(db: Db, storage?: StoragePort) {
  const rows = await db
    .insert(reports)
    .values(
      REPORT_TITLES.map((title, i) => ({
        title,
        publisher: '金桥研究院',
        industryId: i === 0 ? 'nev' : 'ai',
        publishedAt: i === 0 ? '2025-10-01' : '2025-07-01',
        pageCount: 3,
        summary: `${title}摘要`,
        pdfKey: i === 0 && storage ? 'reports/fixture-nev.pdf' : '',
        searchTokens: toSearchText(title),
      })),
    )
    .returning({ id: reports.id });
  await db
    .insert(reportPages)
    .values(
      REPORT_TITLES.flatMap((title, i) =>
        [1, 2, 3].map((pageNo) => ({ reportId: rows[i]!.id, pageNo, text: `${title} 第${pageNo}页正文。` })),
      ),
    );
  if (storage) await storage.put('reports/fixture-nev.pdf', FIXTURE_PDF, { contentType: 'application/pdf' });
  const [empty] = await db
    .insert(reports)
    .values({
      title: '医疗器械行业速览（仅摘要）',
      industryId: 'medical-device',
      publishedAt: '2025-01-01',
      summary: '仅有摘要',
    })
    .returning({ id: reports.id });
  return { withPdf: rows[0]!.id, withoutPdf: rows[1]!.id, empty: empty!.id };
}

export async function insertLibraryFixtures(db: Db, storage?: StoragePort): Promise<LibraryFixtures> {
  await syncReferenceData(db);
  const orgs = await insertOrgs(db);
  const investorIds = await insertInvestors(db, orgs);
  const all = fixtureProjects();
  const projectIds = await insertProjects(db, all, orgs);
  const reportIds = await insertReports(db, storage);
  const newsRows = await db
    .insert(news)
    .values(
      NEWS_TITLES.map((title, i) => ({
        title,
        source: '金桥资讯',
        publishedAt: new Date(Date.UTC(2025, 8, 1 + i)),
        summary: title,
        institutionIds: [i < 2 ? orgs.red! : orgs.sky!],
        searchTokens: toSearchText(title),
      })),
    )
    .returning({ id: news.id });
  return {
    projects: projectIds,
    allProjects: all,
    orgs,
    investors: investorIds,
    reports: reportIds,
    news: newsRows.map((row) => row.id),
  };
}

/** Marks a fixture project as owned by a user (their own company). */
export async function setProjectOwner(db: Db, projectId: number, userId: number | null) {
  await db.update(projects).set({ ownerUserId: userId }).where(eq(projects.id, projectId));
}
