/**
 * Writes a generated dataset into the library tables inside one transaction: each batch of up
 * to a thousand rows is one `insert … select from json_populate_recordset($1)` with the rows as
 * a single JSON parameter (on PGlite this parses in a third of the time of a multi-row VALUES
 * list with thousands of parameters), ids offset past any rows already there, search fields
 * filled, every row marked `is_demo`. Sequences are moved past the inserted ids so later inserts
 * (imports, users' projects) never collide.
 */
import { sql } from 'drizzle-orm';
import { toSearchText } from '../../lib/text.js';
import type { Db } from '../../platform/database/index.js';
import {
  institutionSearchFields,
  investorSearchFields,
  newsSearchTokens,
  projectSearchFields,
  reportSearchFields,
} from '../reference/index.js';
import type { DemoDataset } from './types.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface IdOffsets {
  institutions: number;
  investors: number;
  projects: number;
  rounds: number;
  reports: number;
  news: number;
}

const TABLES = ['institutions', 'investors', 'projects', 'rounds', 'reports', 'news'] as const;

export async function readIdOffsets(tx: Tx | Db): Promise<IdOffsets> {
  const offsets = {} as IdOffsets;
  for (const table of TABLES) {
    const result = (await tx.execute(
      sql.raw(`select coalesce(max(id), 0)::bigint as max from ${table}`),
    )) as unknown as {
      rows: { max: string | number }[];
    };
    offsets[table] = Number(result.rows[0]?.max ?? 0);
  }
  return offsets;
}

type Row = Record<string, unknown>;

/** Rows keyed by column name; every row of a call has the same keys. */
async function insertBatches(tx: Tx, table: string, rows: Row[], size = 1000): Promise<void> {
  if (!rows.length) return;
  const columns = sql.raw(
    Object.keys(rows[0]!)
      .map((c) => `"${c}"`)
      .join(', '),
  );
  for (let i = 0; i < rows.length; i += size) {
    const json = JSON.stringify(rows.slice(i, i + size));
    await tx.execute(
      sql`insert into ${sql.raw(table)} (${columns}) select ${columns} from json_populate_recordset(null::${sql.raw(table)}, ${json}::json)`,
    );
  }
}

function grams(fields: { nameGrams: string; searchTokens: string }) {
  return { name_grams: fields.nameGrams, search_tokens: fields.searchTokens };
}

export function reportPdfKey(id: number): string {
  return `reports/${id}.pdf`;
}

/** One table of the load: its rows, built when their turn comes, and the batch size. */
interface TableLoad {
  table: string;
  rows(): Row[];
  batchSize?: number;
}

function tableLoads(data: DemoDataset, off: IdOffsets): TableLoad[] {
  const orgById = new Map(data.institutions.map((o) => [o.id, o]));
  return [
    {
      table: 'institutions',
      rows: () =>
        data.institutions.map((o) => ({
          id: o.id + off.institutions,
          external_id: o.externalId,
          name: o.name,
          short_name: o.shortName,
          type: o.type,
          founded_year: o.foundedYear,
          aum_min: o.aumMin,
          aum_max: o.aumMax,
          currency: o.currency,
          regions: o.regions,
          industries: o.industries,
          stages: o.stages,
          ticket_min: o.ticketMin,
          ticket_max: o.ticketMax,
          thesis: o.thesis,
          description: o.description,
          is_demo: true,
          ...grams(institutionSearchFields(o)),
        })),
    },
    {
      table: 'investors',
      rows: () =>
        data.investors.map((i) => {
          const org = orgById.get(i.institutionId);
          return {
            id: i.id + off.investors,
            external_id: i.externalId,
            name: i.name,
            institution_id: i.institutionId + off.institutions,
            title: i.title,
            industries: i.industries,
            stages: i.stages,
            ticket_min: i.ticketMin,
            ticket_max: i.ticketMax,
            regions: i.regions,
            bio: i.bio,
            phone: i.phone,
            email: i.email,
            wechat: i.wechat,
            is_demo: true,
            ...grams(
              investorSearchFields({
                ...i,
                institutionName: org?.name,
                institutionShortName: org?.shortName,
              }),
            ),
          };
        }),
    },
    {
      table: 'projects',
      rows: () =>
        data.projects.map((p) => ({
          id: p.id + off.projects,
          external_id: p.externalId,
          name: p.name,
          brand_name: p.brandName,
          industry_id: p.industryId,
          industries: p.industries,
          tags: p.tags,
          stage: p.stage,
          amount_sought: p.amountSought,
          province_code: p.provinceCode,
          city_code: p.cityCode,
          founded_year: p.foundedYear,
          description: p.description,
          products: p.products,
          team: p.team,
          patents: p.patents,
          contacts: p.contacts,
          latest_round_at: p.latestRoundAt,
          latest_round_stage: p.latestRoundStage,
          total_raised: p.totalRaised,
          is_demo: true,
          ...grams(projectSearchFields(p)),
        })),
    },
    {
      table: 'rounds',
      batchSize: 5000,
      rows: () =>
        data.rounds.map((r) => ({
          id: r.id + off.rounds,
          project_id: r.projectId + off.projects,
          date: r.date,
          stage: r.stage,
          amount: r.amount,
          amount_text: r.amountText,
          is_demo: true,
        })),
    },
    {
      table: 'round_investors',
      batchSize: 5000,
      rows: () =>
        data.rounds.flatMap((r) =>
          r.investors.map((i) => ({
            round_id: r.id + off.rounds,
            institution_id: i.institutionId + off.institutions,
            investor_id: i.investorId + off.investors,
            is_lead: i.isLead,
          })),
        ),
    },
    {
      table: 'reports',
      rows: () =>
        data.reports.map((r) => ({
          id: r.id + off.reports,
          external_id: r.externalId,
          title: r.title,
          publisher: r.publisher,
          industry_id: r.industryId,
          published_at: r.publishedAt,
          page_count: r.pages.length,
          summary: r.summary,
          pdf_key: reportPdfKey(r.id + off.reports),
          is_demo: true,
          ...grams(reportSearchFields(r)),
        })),
    },
    {
      table: 'report_pages',
      rows: () =>
        data.reports.flatMap((r) =>
          r.pages.map((page) => ({
            report_id: r.id + off.reports,
            page_no: page.pageNo,
            text: page.text,
            search_tokens: toSearchText(page.text),
          })),
        ),
    },
    {
      table: 'news',
      rows: () =>
        data.news.map((n) => ({
          id: n.id + off.news,
          external_id: n.externalId,
          title: n.title,
          source: n.source,
          published_at: n.publishedAt,
          summary: n.summary,
          content: n.content,
          industries: n.industries,
          institution_ids: n.institutionIds.map((id) => id + off.institutions),
          project_ids: n.projectIds.map((id) => id + off.projects),
          is_demo: true,
          search_tokens: newsSearchTokens(n),
        })),
    },
  ];
}

export async function insertDataset(tx: Tx, data: DemoDataset, off: IdOffsets): Promise<void> {
  // The GIN indexes take the whole load into their pending lists and merge once afterwards
  // (`tidyLibraryIndexes`), instead of merging every 4 MB on the way.
  await tx.execute(sql`set local gin_pending_list_limit = '64MB'`);
  for (const { table, rows, batchSize } of tableLoads(data, off)) {
    await insertBatches(tx, table, rows(), batchSize);
  }
  for (const table of TABLES) {
    // is_called false when empty: the next nextval() then returns 1.
    await tx.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${table}', 'id'), greatest(coalesce(max(id), 0), 1), max(id) is not null) from ${table}`,
      ),
    );
  }
}

const LIBRARY_TABLES = [
  'institutions',
  'investors',
  'projects',
  'rounds',
  'round_investors',
  'reports',
  'report_pages',
  'news',
];

/**
 * After a bulk load: merge the GIN pending lists (PGlite runs no autovacuum, and a search that
 * has to scan a long pending list is slow) and refresh the planner's statistics.
 */
export async function tidyLibraryIndexes(db: Db): Promise<void> {
  const result = (await db.execute(
    sql`select indexname from pg_indexes where schemaname = current_schema() and indexdef ilike '%using gin%' and tablename in (${sql.join(
      LIBRARY_TABLES.map((t) => sql`${t}`),
      sql`, `,
    )})`,
  )) as unknown as { rows: { indexname: string }[] };
  for (const { indexname } of result.rows)
    await db.execute(sql`select gin_clean_pending_list(${indexname}::regclass)`);
  for (const table of LIBRARY_TABLES) await db.execute(sql.raw(`analyze ${table}`));
}
