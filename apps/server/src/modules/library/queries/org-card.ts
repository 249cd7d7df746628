/**
 * The institution card (OrgCardOrgInfo) and its lists: projects it invested in
 * (OrgCardProjectList), projects that fit its thesis (GetOrgCardLinkProject), its news
 * (GetOrgArticles) and its members (getOrgMembers). Opening the card counts as a view.
 */
import { stageLabel } from '@jq/contract';
import { sql } from 'drizzle-orm';
import type { User } from '../../../db/schema.js';
import { notFound } from '../../../errors.js';
import { type Db, selectRows } from '../../../platform/database/index.js';
import {
  iso,
  numOrNull,
  type OrgRow,
  orgColumns,
  type ProjectRow,
  projectColumns,
  toProjectCard,
} from '../search/cards.js';
import { smallintArray, textArray } from '../search/conditions.js';
import { toOrgCards } from '../search/search-orgs.js';
import { getVocabulary, industryName, type Vocabulary } from '../search/vocabulary.js';
import { amountText } from './project-detail.js';
import { isFollowing } from './relations.js';
import { recordView } from './views.js';

interface Page {
  page: number;
  pageSize: number;
}

async function findOrg(db: Db, oid: number) {
  const [row] = await selectRows<OrgRow & { thesis: string; full_description: string; website: string }>(
    db,
    sql`select ${orgColumns('i')}, i.thesis, i.description as full_description, i.website
      from institutions i where i.id = ${oid}`,
  );
  if (!row) throw notFound('机构不存在');
  return row;
}

export async function getOrgCard(db: Db, oid: number, user: User | null) {
  const row = await findOrg(db, oid);
  const vocabulary = await getVocabulary(db);
  const [[card], members, stats, isFollowed, followers] = await Promise.all([
    toOrgCards(db, [row], vocabulary),
    listOrgMembers(db, oid, { page: 1, pageSize: 10 }),
    getOrgStats(db, oid, vocabulary),
    isFollowing(db, user?.id, oid),
    selectRows<{ count: number | string }>(
      db,
      sql`select count(*) as count from org_follows where institution_id = ${oid}`,
    ),
  ]);
  await recordView(db, user?.id, 'institution', String(oid));
  return {
    ...card!,
    thesis: row.thesis,
    description: row.full_description,
    website: row.website,
    members: members.list,
    memberCount: members.total,
    stats,
    isFollowed,
    followerCount: Number(followers[0]?.count ?? 0),
  };
}

/** Deals in the last 12 and 24 months, the industries and stages it invested in most. */
async function getOrgStats(db: Db, oid: number, vocabulary: Vocabulary) {
  const deals = sql`select distinct r.id, r.date, r.stage, p.industry_id from round_investors ri
    join rounds r on r.id = ri.round_id join projects p on p.id = r.project_id where ri.institution_id = ${oid}`;
  const [counts, industries, stages] = await Promise.all([
    selectRows<{ total: number | string; last12: number | string; last24: number | string }>(
      db,
      sql`select count(*) as total,
        count(*) filter (where date > current_date - interval '12 months') as last12,
        count(*) filter (where date > current_date - interval '24 months') as last24 from (${deals}) d`,
    ),
    selectRows<{ industry_id: string; count: number | string }>(
      db,
      sql`select industry_id, count(*) as count from (${deals}) d group by 1 order by 2 desc, 1 limit 5`,
    ),
    selectRows<{ stage: number; count: number | string }>(
      db,
      sql`select stage, count(*) as count from (${deals}) d group by 1 order by 2 desc, 1`,
    ),
  ]);
  return {
    dealsLast12Months: Number(counts[0]?.last12 ?? 0),
    dealsLast24Months: Number(counts[0]?.last24 ?? 0),
    totalDeals: Number(counts[0]?.total ?? 0),
    topIndustries: industries.map((r) => ({
      id: r.industry_id,
      name: industryName(vocabulary, r.industry_id) || r.industry_id,
      count: Number(r.count),
    })),
    stageMix: stages.map((r) => ({
      stage: Number(r.stage),
      label: stageLabel(Number(r.stage)),
      count: Number(r.count),
    })),
  };
}

/** Projects the institution invested in, one entry per project at its latest round with it. */
export async function listOrgProjects(db: Db, oid: number, { page, pageSize }: Page) {
  await findOrg(db, oid);
  const rows = await selectRows<
    ProjectRow & {
      round_date: string;
      round_stage: number;
      round_amount: number | null;
      round_amount_text: string;
      is_lead: boolean;
      total: number | string;
    }
  >(
    db,
    sql`select ${projectColumns('p')}, d.date::text as round_date, d.stage as round_stage, d.amount as round_amount,
        d.amount_text as round_amount_text, d.is_lead, count(*) over () as total
      from (select distinct on (r.project_id) r.project_id, r.date, r.stage, r.amount, r.amount_text, ri.is_lead
        from round_investors ri join rounds r on r.id = ri.round_id
        where ri.institution_id = ${oid} order by r.project_id, r.date desc, ri.is_lead desc) d
      join projects p on p.id = d.project_id
      order by d.date desc, p.id desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const vocabulary = await getVocabulary(db);
  return {
    list: rows.map((row) => ({
      ...toProjectCard(row, vocabulary),
      round: {
        date: row.round_date,
        stage: Number(row.round_stage),
        stageLabel: stageLabel(Number(row.round_stage)),
        amount: numOrNull(row.round_amount),
        amountText: row.round_amount_text || amountText(numOrNull(row.round_amount)),
        isLead: row.is_lead,
      },
    })),
    total: Number(rows[0]?.total ?? 0),
    page,
    pageSize,
  };
}

/**
 * Projects linked to the card: raising now in the institution's industries and stages (its
 * stated thesis), that it has not invested in yet — the deal flow it would want to see.
 */
export async function listOrgLinkedProjects(db: Db, oid: number, { page, pageSize }: Page) {
  const org = await findOrg(db, oid);
  const vocabulary = await getVocabulary(db);
  const conditions = [
    sql`not exists (select 1 from rounds r join round_investors ri on ri.round_id = r.id
      where r.project_id = p.id and ri.institution_id = ${oid})`,
  ];
  if (org.industries?.length) {
    const ids = org.industries.flatMap((id) => vocabulary.industries.get(id)?.withSubs ?? [id]);
    conditions.push(sql`(p.industry_id = any(${textArray(ids)}) or p.industries && ${textArray(ids)})`);
  }
  if (org.stages?.length) conditions.push(sql`p.stage = any(${smallintArray(org.stages.map(Number))})`);
  const rows = await selectRows<ProjectRow & { total: number | string }>(
    db,
    sql`select ${projectColumns('p')}, count(*) over () as total from projects p
      where ${sql.join(conditions, sql` and `)}
      order by p.latest_round_at desc nulls last, p.id desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return {
    list: rows.map((row) => toProjectCard(row, vocabulary)),
    total: Number(rows[0]?.total ?? 0),
    page,
    pageSize,
  };
}

export async function listOrgArticles(db: Db, oid: number, { page, pageSize }: Page) {
  await findOrg(db, oid);
  const rows = await selectRows<{
    id: number | string;
    title: string;
    source: string;
    published_at: Date | string;
    summary: string;
    is_demo: boolean;
    total: number | string;
  }>(
    db,
    sql`select id, title, source, published_at, left(summary, 200) as summary, is_demo, count(*) over () as total
      from news where institution_ids @> ARRAY[${oid}]::bigint[]
      order by published_at desc, id desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      title: r.title,
      source: r.source,
      publishedAt: iso(r.published_at),
      summary: r.summary,
      isDemo: r.is_demo,
    })),
    total: Number(rows[0]?.total ?? 0),
    page,
    pageSize,
  };
}

/** The institution's people, without contact details. */
export async function listOrgMembers(db: Db, oid: number, { page, pageSize }: Page) {
  const rows = await selectRows<{
    id: number | string;
    name: string;
    title: string;
    avatar: string;
    industries: string[];
    is_demo: boolean;
    total: number | string;
  }>(
    db,
    sql`select id, name, title, avatar, industries, is_demo, count(*) over () as total
      from investors where institution_id = ${oid}
      order by id limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  if (!rows.length) await findOrg(db, oid);
  const vocabulary = await getVocabulary(db);
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      title: r.title,
      avatar: r.avatar,
      industryNames: (r.industries ?? []).map((id) => industryName(vocabulary, id)).filter(Boolean),
      isDemo: r.is_demo,
    })),
    total: Number(rows[0]?.total ?? 0),
    page,
    pageSize,
  };
}
