/**
 * Reads the match rows from the library tables: investors, institutions, projects (in
 * batches, tokens interned as they arrive so 100,000 token lists never sit in memory as
 * strings) and every round seat. Ids are cast to int (bigserial arrives as a string on
 * node-postgres); dates as YYYY-MM-DD text.
 */
import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../platform/database/index.js';
import type { MatchSource, SourceDeal, SourceEntity, SourceProject } from './types.js';
import { TokenDictionary } from './vectors.js';

const BATCH = 10_000;

interface EntityRow {
  id: number;
  name: string;
  title: string;
  type: string;
  avatar: string;
  institution_id: number | null;
  industries: string[];
  stages: number[];
  ticket_min: number | null;
  ticket_max: number | null;
  regions: string[];
  search_tokens: string;
  is_demo: boolean;
}

const toEntity =
  (dictionary: TokenDictionary) =>
  (row: EntityRow): SourceEntity => ({
    id: row.id,
    name: row.name,
    title: row.title,
    type: row.type,
    avatar: row.avatar,
    institutionId: row.institution_id,
    industries: row.industries ?? [],
    stages: (row.stages ?? []).map(Number),
    ticketMin: row.ticket_min,
    ticketMax: row.ticket_max,
    regions: row.regions ?? [],
    tokens: dictionary.internText(row.search_tokens),
    isDemo: row.is_demo,
  });

/** Thrown between batches once the caller no longer wants the rows (the library changed). */
class ReadStopped extends Error {}

async function readProjects(
  db: Db,
  dictionary: TokenDictionary,
  isStale: () => boolean,
): Promise<SourceProject[]> {
  const owners = new Map<number, number>();
  for (const row of await selectRows<{ project_id: number; user_id: number }>(
    db,
    sql`select project_id::int, user_id::int from user_projects where relation = 'owner'`,
  ))
    owners.set(row.project_id, row.user_id);
  const projects: SourceProject[] = [];
  let after = 0;
  for (;;) {
    const rows = await selectRows<{
      id: number;
      name: string;
      industry_id: string;
      industries: string[];
      tags: string[];
      stage: number;
      amount_sought: number | null;
      province_code: string | null;
      city_code: string | null;
      search_tokens: string;
      owner_user_id: number | null;
    }>(
      db,
      sql`select id::int, coalesce(nullif(brand_name, ''), name) as name, industry_id, industries, tags[1:1] as tags,
            stage, amount_sought, province_code, city_code, search_tokens, owner_user_id::int
          from projects where id > ${after} order by id limit ${BATCH}`,
    );
    for (const row of rows) {
      projects.push({
        id: row.id,
        name: row.name,
        industryId: row.industry_id,
        industries: row.industries ?? [],
        tags: row.tags ?? [],
        stage: Number(row.stage),
        amount: row.amount_sought,
        provinceCode: row.province_code,
        cityCode: row.city_code,
        tokens: dictionary.internText(row.search_tokens),
        ownerUserId: row.owner_user_id ?? owners.get(row.id) ?? null,
      });
    }
    if (rows.length < BATCH) break;
    if (isStale()) throw new ReadStopped();
    after = rows.at(-1)!.id;
  }
  return projects;
}

async function readDeals(db: Db, isStale: () => boolean): Promise<SourceDeal[]> {
  const deals: SourceDeal[] = [];
  let after = 0;
  const roundBatch = BATCH * 5;
  for (;;) {
    const [last] = await selectRows<{ id: number | null }>(
      db,
      sql`select max(id)::int as id from (select id from rounds where id > ${after} order by id limit ${roundBatch}) r`,
    );
    if (!last?.id) break;
    const rows = await selectRows<{
      round_id: number;
      project_id: number;
      date: string;
      stage: number;
      amount: number | null;
      investor_id: number | null;
      institution_id: number | null;
      seats: number;
    }>(
      db,
      sql`with seats as (
            select round_id, count(distinct coalesce(institution_id, -investor_id))::int as seats
            from round_investors where round_id > ${after} and round_id <= ${last.id} group by round_id)
          select r.id::int as round_id, r.project_id::int, to_char(r.date, 'YYYY-MM-DD') as date, r.stage, r.amount,
            ri.investor_id::int, ri.institution_id::int, s.seats
          from round_investors ri join rounds r on r.id = ri.round_id join seats s on s.round_id = ri.round_id
          where ri.round_id > ${after} and ri.round_id <= ${last.id}`,
    );
    for (const row of rows) {
      deals.push({
        roundId: row.round_id,
        projectId: row.project_id,
        date: row.date,
        stage: Number(row.stage),
        amount: row.amount,
        investorCount: row.seats,
        investorId: row.investor_id,
        institutionId: row.institution_id,
      });
    }
    after = last.id;
    if (isStale()) throw new ReadStopped();
  }
  return deals;
}

/** Every match row; `isStale` is checked between batches, and the read stops once it is true. */
export async function readMatchSource(
  db: Db,
  now = new Date(),
  isStale: () => boolean = () => false,
): Promise<MatchSource> {
  const dictionary = new TokenDictionary();
  const investors = (
    await selectRows<EntityRow>(
      db,
      sql`select id::int, name, title, '' as type, avatar, institution_id::int, industries, stages,
            ticket_min, ticket_max, regions, search_tokens, is_demo from investors order by id`,
    )
  ).map(toEntity(dictionary));
  const institutions = (
    await selectRows<EntityRow>(
      db,
      sql`select id::int, name, short_name as title, type, logo as avatar, null::int as institution_id, industries,
            stages, ticket_min, ticket_max, regions, search_tokens, is_demo from institutions order by id`,
    )
  ).map(toEntity(dictionary));
  if (isStale()) throw new ReadStopped();
  const projects = await readProjects(db, dictionary, isStale);
  const deals = await readDeals(db, isStale);
  return { now: now.toISOString().slice(0, 10), dictionary, investors, institutions, projects, deals };
}
