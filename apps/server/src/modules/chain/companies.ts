/**
 * The companies on a node, a page at a time, each with its latest round and that round's
 * investors; and the institutions most active on it. The order is by the placement index
 * (newest round first) so a page costs the same on a node of ten companies or of thousands.
 */
import { type ChainCompany, type ChainInstitution, type ChainRound, stageLabel } from '@jq/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../platform/database/index.js';
import { industryName } from './taxonomy.js';

export type CompanySort = 'latest' | 'confidence' | 'raised';

/** Over the placement columns (`pl`), so the page is chosen before any project row is read. */
const ORDER: Record<CompanySort, SQL> = {
  latest: sql`pl.latest_round_at desc nulls last, pl.entity_id desc`,
  confidence: sql`pl.confidence desc, pl.latest_round_at desc nulls last, pl.entity_id desc`,
  // The placement row carries the total raised: the sort reads no project rows.
  raised: sql`pl.total_raised desc nulls last, pl.entity_id desc`,
};

type CompanyRow = {
  id: number | string;
  name: string;
  brand_name: string;
  product_line: string | null;
  stage: number;
  region: string | null;
  founded_year: number | null;
  total_raised: number | null;
  is_demo: boolean;
  confidence: number;
  matched: string[];
};

/** Why a company is on the node, in words. */
export function placementReason(matched: readonly string[]): string {
  const parts: string[] = [];
  for (const m of matched) {
    const [kind, value] = [m.slice(0, m.indexOf(':')), m.slice(m.indexOf(':') + 1)];
    if (kind === 'sub') parts.push(`细分行业：${industryName(value)}`);
    else if (kind === 'tag') parts.push(`标签含“${value}”`);
    else if (kind === 'text') parts.push(`简介提到“${value}”`);
    else if (kind === 'deals') parts.push(`近五年在此投资 ${value} 笔`);
  }
  return [...new Set(parts)].slice(0, 3).join('；');
}

export async function countCompanies(db: Db, generation: number, nodeId: string): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from chain_placements
        where generation = ${generation} and entity_type = 'project' and node_id = ${nodeId}`,
  );
  return row?.n ?? 0;
}

export async function listCompanies(
  db: Db,
  generation: number,
  nodeId: string,
  page: { page: number; pageSize: number; sort: CompanySort },
): Promise<ChainCompany[]> {
  // One query: the page of placements, then its projects, each with its latest round and that
  // round's investors (lead first) — a page is one round trip to the database.
  const rows = await selectRows<CompanyRow & { latest: LatestRoundRow | null }>(
    db,
    sql`select p.id, p.name, p.brand_name, p.tags[1] as product_line, p.stage,
          coalesce(c.short_name, pr.short_name) as region, p.founded_year, p.total_raised, p.is_demo,
          pl.confidence, pl.matched,
          (select json_build_object('id', r.id, 'date', r.date::text, 'stage', r.stage, 'amount', r.amount,
                    'amountText', r.amount_text,
                    'investors', coalesce((
                      select json_agg(json_build_object('id', i.id,
                               'name', coalesce(nullif(i.short_name, ''), i.name), 'isLead', ri.is_lead)
                             order by ri.is_lead desc, i.id)
                      from round_investors ri join institutions i on i.id = ri.institution_id
                      where ri.round_id = r.id), '[]'::json))
           from rounds r where r.project_id = p.id order by r.date desc, r.id desc limit 1) as latest
        from (select pl.entity_id, pl.confidence, pl.matched, pl.latest_round_at, pl.total_raised
              from chain_placements pl
              where pl.generation = ${generation} and pl.entity_type = 'project' and pl.node_id = ${nodeId}
              order by ${ORDER[page.sort]}
              limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}) pl
        join projects p on p.id = pl.entity_id
        left join regions c on c.code = p.city_code
        left join regions pr on pr.code = p.province_code
        order by ${ORDER[page.sort]}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    brandName: r.brand_name,
    productLine: r.product_line ?? '',
    stage: r.stage,
    region: r.region ?? '',
    foundedYear: r.founded_year,
    totalRaised: r.total_raised,
    confidence: Math.round(r.confidence * 100) / 100,
    reason: placementReason(r.matched),
    isDemo: r.is_demo,
    latestRound: r.latest ? latestRound(r.latest) : null,
  }));
}

type LatestRoundRow = {
  id: number | string;
  date: string;
  stage: number;
  amount: number | null;
  amountText: string;
  investors: { id: number | string; name: string; isLead: boolean }[];
};

function latestRound(row: LatestRoundRow): ChainRound {
  return {
    id: Number(row.id),
    date: row.date,
    stage: row.stage,
    stageLabel: stageLabel(row.stage),
    amount: row.amount === null ? null : Number(row.amount),
    amountText: row.amountText,
    investors: row.investors.map((i) => ({ id: Number(i.id), name: i.name, isLead: i.isLead })),
  };
}

/** The institutions most active on a node (most confident placements first). */
export async function topInstitutions(
  db: Db,
  generation: number,
  nodeId: string,
  limit = 10,
): Promise<ChainInstitution[]> {
  const rows = await selectRows<{
    id: number | string;
    name: string;
    type: string;
    confidence: number;
    matched: string[];
  }>(
    db,
    // The page of placements first, then its institutions (not every institution of the node joined).
    sql`select i.id, coalesce(nullif(i.short_name, ''), i.name) as name, i.type, pl.confidence, pl.matched
        from (select entity_id, confidence, matched from chain_placements
              where generation = ${generation} and entity_type = 'institution' and node_id = ${nodeId}
              order by confidence desc, entity_id limit ${limit}) pl
        join institutions i on i.id = pl.entity_id
        order by pl.confidence desc, pl.entity_id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    type: r.type,
    deals: Number(r.matched.find((m) => m.startsWith('deals:'))?.slice(6) ?? 0),
    confidence: Math.round(r.confidence * 100) / 100,
  }));
}
