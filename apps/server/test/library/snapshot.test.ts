/**
 * The library snapshot against the database, on both engines: every card column of every
 * row as the card queries select it (so a search page needs no row fetch), the deal counts,
 * and a rebuild after an announced change that search and matching both answer from.
 */
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutions, investors, projects, roundInvestors, rounds } from '../../src/db/schema.js';
import { toNameGramText, toSearchText } from '../../src/lib/text.js';
import { notifyLibraryChanged, SNAPSHOT_JOB } from '../../src/modules/library/index.js';
import { configureSearchCache } from '../../src/modules/library/search/cache.js';
import {
  investorColumns,
  orgColumns,
  projectColumns,
  toInvestorCard,
  toOrgCard,
  toProjectCard,
} from '../../src/modules/library/search/cards.js';
import { searchIndexOptions } from '../../src/modules/library/search/index/library-index.js';
import { getVocabulary } from '../../src/modules/library/search/vocabulary.js';
import {
  institutionNameOf,
  investorRowAt,
  orgRowAt,
  projectRowAt,
} from '../../src/modules/library/snapshot/rows.js';
import {
  type LibrarySnapshot,
  readyLibrarySnapshot,
  whenLibrarySnapshotReady,
} from '../../src/modules/library/snapshot/snapshot.js';
import { getMatchIndex } from '../../src/modules/matching/index-cache.js';
import type { MatchIndex } from '../../src/modules/matching/types.js';
import { type Db, selectRows } from '../../src/platform/database/index.js';
import { createTestApp, DB_ENGINES, type TestApp } from '../helpers/app.js';
import { insertLibraryFixtures } from './fixtures.js';

/** Ids as numbers (node-postgres gives int8 as strings), everything else as the query gave it. */
const plain = <T extends Record<string, unknown>>(row: T) => ({
  ...row,
  id: Number(row.id),
  ...('institutionId' in row && row.institutionId !== null
    ? { institutionId: Number(row.institutionId) }
    : {}),
});

/** Rows the fixtures do not have: NULLs everywhere they may be, upper-case names, long texts. */
async function insertEdgeRows(db: Db) {
  const long = '长'.repeat(590) + ' 边界 ABC 之后的文字'.repeat(5);
  const [org] = await db
    .insert(institutions)
    .values({
      name: 'ABC Capital 边界资本',
      shortName: 'ABC',
      type: 'CVC',
      currency: 'USD',
      aumMin: 1000,
      aumMax: null,
      description: '',
      thesis: long,
      logo: 'https://example.com/abc.png',
      nameGrams: toNameGramText('ABC Capital 边界资本', 'ABC'),
      searchTokens: toSearchText('ABC Capital 边界资本'),
    })
    .returning({ id: institutions.id });
  const [investor] = await db
    .insert(investors)
    .values({
      name: 'Zoe 无机构',
      institutionId: null,
      title: '',
      stages: [],
      bio: long,
      avatar: 'https://example.com/zoe.png',
      nameGrams: toNameGramText('Zoe 无机构'),
      searchTokens: toSearchText('Zoe 无机构'),
    })
    .returning({ id: investors.id });
  const [project] = await db
    .insert(projects)
    .values({
      name: 'XYZ边界测试科技有限公司',
      brandName: '',
      industryId: 'ai',
      industries: [],
      tags: ['a,b', '带 空格', ''],
      stage: 0,
      amountSought: null,
      provinceCode: null,
      cityCode: '440300',
      foundedYear: null,
      description: long,
      latestRoundAt: null,
      latestRoundStage: null,
      totalRaised: null,
      logo: 'https://example.com/xyz.png',
      ownerUserId: null,
      nameGrams: toNameGramText('XYZ边界测试科技有限公司'),
      searchTokens: toSearchText('XYZ边界测试科技有限公司', long),
    })
    .returning({ id: projects.id });
  const [round] = await db
    .insert(rounds)
    .values({ projectId: project!.id, date: '2025-03-04', stage: 2, amount: null })
    .returning({ id: rounds.id });
  await db.insert(roundInvestors).values([
    { roundId: round!.id, institutionId: org!.id, investorId: null },
    { roundId: round!.id, institutionId: org!.id, investorId: investor!.id },
  ]);
  return { org: org!.id, investor: investor!.id, project: project!.id };
}

async function expectSameAsSql(db: Db, snapshot: LibrarySnapshot) {
  const vocabulary = await getVocabulary(db);
  const projectRows = await selectRows<Record<string, unknown>>(
    db,
    sql`select ${projectColumns('p')} from projects p order by p.id`,
  );
  expect(snapshot.projects.n).toBe(projectRows.length);
  for (const row of projectRows) {
    const at = snapshot.projectRow(Number(row.id));
    const fromSnapshot = projectRowAt(snapshot, at);
    expect(fromSnapshot, `project ${row.id}`).toEqual(plain(row));
    const card = (r: unknown) =>
      toProjectCard(r as Parameters<typeof toProjectCard>[0], vocabulary, ['边界', 'abc']);
    expect(card(fromSnapshot)).toEqual(card(row));
  }
  const orgRows = await selectRows<Record<string, unknown>>(
    db,
    sql`select ${orgColumns('i')}, (select count(distinct ri.round_id) from round_investors ri
      where ri.institution_id = i.id) as deals from institutions i order by i.id`,
  );
  expect(snapshot.institutions.n).toBe(orgRows.length);
  for (const { deals, ...row } of orgRows) {
    const at = snapshot.institutionRow(Number(row.id));
    const fromSnapshot = orgRowAt(snapshot, at);
    expect(fromSnapshot, `institution ${row.id}`).toEqual(plain(row));
    expect(snapshot.institutionDeals[at], `deals of institution ${row.id}`).toBe(Number(deals));
    const card = (r: unknown) =>
      toOrgCard(r as Parameters<typeof toOrgCard>[0], vocabulary, Number(deals), ['边界']);
    expect(card(fromSnapshot)).toEqual(card(row));
  }
  const investorRows = await selectRows<Record<string, unknown>>(
    db,
    sql`select ${investorColumns('v')}, coalesce(i.name, '') as "institutionName" from investors v
      left join institutions i on i.id = v.institution_id order by v.id`,
  );
  expect(snapshot.investors.n).toBe(investorRows.length);
  for (const { institutionName, ...row } of investorRows) {
    const fromSnapshot = investorRowAt(snapshot, snapshot.investorRow(Number(row.id)));
    expect(fromSnapshot, `investor ${row.id}`).toEqual(plain(row));
    expect(institutionNameOf(snapshot, fromSnapshot.institutionId)).toBe(institutionName);
    const card = (r: unknown) =>
      toInvestorCard(r as Parameters<typeof toInvestorCard>[0], String(institutionName), vocabulary, [
        '边界',
      ]);
    expect(card(fromSnapshot)).toEqual(card(row));
  }
}

for (const { engine, available } of DB_ENGINES) {
  describe.skipIf(!available)(`library snapshot (${engine})`, () => {
    let t: TestApp;
    let edge: Awaited<ReturnType<typeof insertEdgeRows>>;
    beforeAll(async () => {
      t = await createTestApp({ engine });
      const db = t.platform.database.db;
      await insertLibraryFixtures(db, t.platform.storage);
      edge = await insertEdgeRows(db);
      configureSearchCache(0);
      await t.app.ready();
    });
    afterAll(async () => {
      configureSearchCache(30);
      await t.close();
    });

    it('holds every card column of every row exactly as the card queries select it', async () => {
      const db = t.platform.database.db;
      const snapshot = await whenLibrarySnapshotReady(db);
      await expectSameAsSql(db, snapshot);
      // The edge rows came through: NULLs, no brand, the thesis for an empty description, cut at 600.
      const project = projectRowAt(snapshot, snapshot.projectRow(edge.project));
      expect(project.amountSought).toBeNull();
      expect(project.description.length).toBe(600);
      expect(orgRowAt(snapshot, snapshot.institutionRow(edge.org)).description.length).toBe(600);
      expect(snapshot.institutionDeals[snapshot.institutionRow(edge.org)]).toBe(1);
      expect(investorRowAt(snapshot, snapshot.investorRow(edge.investor)).institutionId).toBeNull();
    });

    it('answers a search page from the snapshot without reading a row', async () => {
      const db = t.platform.database.db;
      await whenLibrarySnapshotReady(db);
      const dialect = new PgDialect();
      /** The statements that read card rows while `run` runs (every query goes through execute). */
      const libraryReads = async (run: () => Promise<void>) => {
        const statements: string[] = [];
        const original = db.execute.bind(db);
        (db as { execute: unknown }).execute = (query: SQL) => {
          statements.push(dialect.sqlToQuery(query).sql);
          return original(query);
        };
        try {
          await run();
        } finally {
          (db as { execute: unknown }).execute = original;
        }
        // Row reads of a search: the card columns, institution names, deal counts (other modules' background jobs may query too).
        return statements.filter((q) =>
          /"brandName"|"shortName"|"institutionId"|from institutions where id = any|from round_investors\s+where institution_id = any/.test(
            q,
          ),
        );
      };
      const searches = async () => {
        for (const [url, keyword] of [
          ['/api/acproject/ProjectFuzzySearch', '边界'],
          ['/api/acorg/OrgFuzzySearch', 'ABC'],
          ['/api/acorg/investorSearch', 'Zoe'],
        ] as const) {
          const res = await t.app.inject({ method: 'POST', url, payload: { keyword } });
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json().data.list.length, url).toBeGreaterThan(0);
        }
      };
      expect(await libraryReads(searches)).toEqual([]);
      // The same searches on the SQL path do read rows: the check sees them.
      searchIndexOptions.enabled = false;
      try {
        expect((await libraryReads(searches)).length).toBeGreaterThanOrEqual(3);
      } finally {
        searchIndexOptions.enabled = true;
      }
    });

    it('is rebuilt after an announced change, and search and matching both answer from the new one', async () => {
      const db = t.platform.database.db;
      const before = await whenLibrarySnapshotReady(db);
      expect(await getMatchIndex(db)).toBe(before.view<MatchIndex>('matching'));
      const [added] = await db
        .insert(projects)
        .values({
          name: '青岛潮汐能源科技有限公司',
          brandName: '潮汐能',
          industryId: 'energy',
          industries: ['energy'],
          stage: 3,
          amountSought: 3000,
          nameGrams: toNameGramText('青岛潮汐能源科技有限公司', '潮汐能'),
          searchTokens: toSearchText('青岛潮汐能源科技有限公司', '潮汐能', '潮汐发电'),
        })
        .returning({ id: projects.id });
      // Not announced: the snapshot does not know the row.
      expect(readyLibrarySnapshot(db)).toBe(before);
      expect(before.projectRow(added!.id)).toBe(-1);
      const runs = async () =>
        (
          await selectRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from job_runs where name = ${SNAPSHOT_JOB} and state = 'done'`,
          )
        )[0]!.n;
      const runsBefore = await runs();
      await notifyLibraryChanged(t.platform.bus);
      const after = await whenLibrarySnapshotReady(db);
      expect(after).not.toBe(before);
      await expect.poll(runs).toBe(runsBefore + 1);
      expect(projectRowAt(after, after.projectRow(added!.id)).brandName).toBe('潮汐能');
      const index = await getMatchIndex(db);
      expect(index).toBe(after.view<MatchIndex>('matching'));
      expect(index.projects.position(added!.id)).toBeGreaterThanOrEqual(0);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/acproject/ProjectFuzzySearch',
        payload: { keyword: '潮汐能' },
      });
      expect(res.json().data.list[0].id).toBe(added!.id);
      await expectSameAsSql(db, after);
    });
  });
}
