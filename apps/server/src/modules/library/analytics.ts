/**
 * Numbers over the library's financing rounds, for the assistant's analyst tools (issue 15):
 * round aggregates (count, sum, average, median of disclosed amounts, grouped by industry,
 * stage, region or period), institutions and investors ranked by deals, and the facts used
 * to compare named entities. Every function takes plain filters and reads with SQL; amounts
 * are 万元 as stored. A round belongs to its project's industries and region.
 */
import { type InvestorCard, type OrgCard, type ProjectCard, stageLabel } from '@jq/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../platform/database/index.js';
import { searchInvestors } from './search/search-investors.js';
import { searchOrgs } from './search/search-orgs.js';
import { searchProjects } from './search/search-projects.js';
import { expandIndustries, expandRegions, getVocabulary, industryName } from './search/vocabulary.js';

export interface DealFilters {
  /** Industry ids; a top industry covers its sub-industries. */
  industryIds?: string[];
  stages?: number[];
  /** Region codes; a province covers its cities. */
  regionCodes?: string[];
  /** Inclusive dates, YYYY-MM-DD. */
  from?: string | null;
  to?: string | null;
  /** Round amount bounds, 万元 (rounds without a disclosed amount are left out when set). */
  amountMin?: number | null;
  amountMax?: number | null;
}

export type RoundGroupBy = 'none' | 'industry' | 'stage' | 'region' | 'year' | 'quarter' | 'month';

export interface RoundAggregate {
  key: string;
  label: string;
  /** Rounds matching. */
  count: number;
  /** Rounds with a disclosed amount (sum, average and median are over these). */
  disclosed: number;
  sum: number | null;
  avg: number | null;
  median: number | null;
}

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
const intList = (values: readonly number[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

async function dealConditions(db: Db, f: DealFilters): Promise<SQL> {
  const vocabulary = await getVocabulary(db);
  const parts: SQL[] = [sql`true`];
  if (f.industryIds?.length)
    parts.push(sql`p.industries && ${textArray(expandIndustries(vocabulary, f.industryIds))}`);
  if (f.stages?.length) parts.push(sql`r.stage in (${intList(f.stages)})`);
  if (f.regionCodes?.length) {
    const codes = textArray(expandRegions(vocabulary, f.regionCodes));
    parts.push(sql`(p.province_code = any(${codes}) or p.city_code = any(${codes}))`);
  }
  if (f.from) parts.push(sql`r.date >= ${f.from}::date`);
  if (f.to) parts.push(sql`r.date <= ${f.to}::date`);
  if (f.amountMin != null) parts.push(sql`r.amount >= ${f.amountMin}`);
  if (f.amountMax != null) parts.push(sql`r.amount <= ${f.amountMax}`);
  return sql.join(parts, sql` and `);
}

/** Count, sum, average and median of round amounts, overall or per group (largest count first). */
export async function aggregateRounds(
  db: Db,
  filters: DealFilters,
  groupBy: RoundGroupBy = 'none',
): Promise<RoundAggregate[]> {
  const where = await dealConditions(db, filters);
  const key = {
    none: sql`'all'`,
    industry: sql`p.industry_id`,
    stage: sql`r.stage::text`,
    region: sql`coalesce(p.province_code, '')`,
    year: sql`to_char(r.date, 'YYYY')`,
    quarter: sql`to_char(r.date, 'YYYY"Q"Q')`,
    month: sql`to_char(r.date, 'YYYY-MM')`,
  }[groupBy];
  const rows = await selectRows<{
    key: string;
    count: number | string;
    disclosed: number | string;
    sum: number | string | null;
    avg: number | string | null;
    median: number | string | null;
  }>(
    db,
    sql`select ${key} as key, count(*) as count, count(r.amount) as disclosed, sum(r.amount) as sum,
          avg(r.amount) as avg, percentile_cont(0.5) within group (order by r.amount) as median
        from rounds r join projects p on p.id = r.project_id
        where ${where}
        group by 1
        order by 2 desc, 1`,
  );
  const vocabulary = await getVocabulary(db);
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  const labelOf = (k: string) => {
    if (groupBy === 'industry') return industryName(vocabulary, k) || k;
    if (groupBy === 'region') return vocabulary.regions.get(k)?.shortName || (k ? k : '未知地区');
    if (groupBy === 'stage') return stageLabel(Number(k)) || k;
    if (groupBy === 'none') return '全部';
    return k;
  };
  return rows.map((r) => ({
    key: r.key,
    label: labelOf(r.key),
    count: Number(r.count),
    disclosed: Number(r.disclosed),
    sum: num(r.sum),
    avg: num(r.avg),
    median: num(r.median),
  }));
}

export interface ActivityRow {
  kind: 'institution' | 'investor';
  id: number;
  name: string;
  /** Short name (institutions) or the institution's name (investors). */
  alias: string;
  /** Distinct rounds joined in the filters. */
  deals: number;
  /** Of which led. */
  leads: number;
  lastDate: string | null;
}

/** Institutions or investors by the number of rounds they joined within the filters, most first. */
export async function rankByActivity(
  db: Db,
  filters: DealFilters,
  target: 'institution' | 'investor',
  limit = 10,
): Promise<{ list: ActivityRow[]; participants: number; rounds: number }> {
  const where = await dealConditions(db, filters);
  const column = target === 'institution' ? sql`ri.institution_id` : sql`ri.investor_id`;
  const rows = await selectRows<{
    id: number | string;
    deals: number | string;
    leads: number | string;
    last: string | Date | null;
    participants: number | string;
  }>(
    db,
    sql`select ${column} as id, count(distinct r.id) as deals,
          count(distinct r.id) filter (where ri.is_lead) as leads, max(r.date) as last,
          count(*) over () as participants
        from round_investors ri join rounds r on r.id = ri.round_id join projects p on p.id = r.project_id
        where ${column} is not null and ${where}
        group by 1
        order by 2 desc, 3 desc, 1
        limit ${limit}`,
  );
  const [{ rounds } = { rounds: 0 }] = await selectRows<{ rounds: number | string }>(
    db,
    sql`select count(*) as rounds from rounds r join projects p on p.id = r.project_id where ${where}`,
  );
  const ids = rows.map((r) => Number(r.id));
  const names = new Map<number, { name: string; alias: string }>();
  if (ids.length) {
    const found =
      target === 'institution'
        ? await selectRows<{ id: number | string; name: string; alias: string }>(
            db,
            sql`select id, name, short_name as alias from institutions where id in (${intList(ids)})`,
          )
        : await selectRows<{ id: number | string; name: string; alias: string }>(
            db,
            sql`select i.id, i.name, coalesce(o.short_name, o.name, '') as alias
                from investors i left join institutions o on o.id = i.institution_id where i.id in (${intList(ids)})`,
          );
    for (const f of found) names.set(Number(f.id), { name: f.name, alias: f.alias });
  }
  return {
    list: rows.map((r) => ({
      kind: target,
      id: Number(r.id),
      name: names.get(Number(r.id))?.name ?? '',
      alias: names.get(Number(r.id))?.alias ?? '',
      deals: Number(r.deals),
      leads: Number(r.leads),
      lastDate: r.last === null ? null : typeof r.last === 'string' ? r.last.slice(0, 10) : isoDay(r.last),
    })),
    participants: Number(rows[0]?.participants ?? 0),
    rounds: Number(rounds),
  };
}

const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export interface EntityFacts {
  kind: 'project' | 'institution' | 'investor';
  id: number;
  name: string;
  alias: string;
  /** Display rows: label → value (already formatted). */
  facts: { label: string; value: string }[];
}

const wan = (v: number | string | null | undefined) => {
  if (v === null || v === undefined) return '未披露';
  const n = Number(v);
  return n >= 10_000 ? `${Number((n / 10_000).toFixed(2))} 亿元` : `${Math.round(n)} 万元`;
};

/** The facts a comparison table shows for one entity (null when it does not exist). */
export async function entityFacts(
  db: Db,
  kind: EntityFacts['kind'],
  id: number,
  stageName: (code: number) => string,
): Promise<EntityFacts | null> {
  const vocabulary = await getVocabulary(db);
  const inds = (ids: string[]) =>
    ids
      .filter((i) => !i.includes('.'))
      .map((i) => industryName(vocabulary, i))
      .filter(Boolean)
      .slice(0, 4)
      .join('、') || '—';
  const stages = (codes: number[]) => codes.map(stageName).filter(Boolean).slice(0, 5).join('、') || '—';
  if (kind === 'project') {
    const [p] = await selectRows<{
      id: string | number;
      name: string;
      brand_name: string;
      industry_id: string;
      stage: number;
      amount_sought: number | null;
      province_code: string | null;
      city_code: string | null;
      founded_year: number | null;
      total_raised: number | null;
      latest_round_at: string | Date | null;
      rounds: number | string;
    }>(
      db,
      sql`select p.*, (select count(*) from rounds r where r.project_id = p.id) as rounds from projects p where p.id = ${id}`,
    );
    if (!p) return null;
    const region =
      (p.city_code && vocabulary.regions.get(p.city_code)?.shortName) ||
      (p.province_code && vocabulary.regions.get(p.province_code)?.shortName) ||
      '—';
    return {
      kind,
      id,
      name: p.name,
      alias: p.brand_name,
      facts: [
        { label: '行业', value: industryName(vocabulary, p.industry_id) || '—' },
        { label: '当前轮次', value: stageName(p.stage) || '—' },
        { label: '地区', value: region },
        { label: '成立年份', value: p.founded_year ? String(p.founded_year) : '—' },
        { label: '拟融资', value: wan(p.amount_sought) },
        { label: '累计融资', value: wan(p.total_raised) },
        { label: '融资轮数', value: String(Number(p.rounds)) },
        {
          label: '最近融资',
          value: p.latest_round_at
            ? String(p.latest_round_at instanceof Date ? isoDay(p.latest_round_at) : p.latest_round_at).slice(
                0,
                10,
              )
            : '—',
        },
      ],
    };
  }
  const column = kind === 'institution' ? sql`ri.institution_id` : sql`ri.investor_id`;
  const [stats] = await selectRows<{
    deals: number | string;
    leads: number | string;
    last: string | Date | null;
    total: number | string | null;
  }>(
    db,
    sql`select count(distinct r.id) as deals, count(distinct r.id) filter (where ri.is_lead) as leads,
          max(r.date) as last, sum(r.amount) filter (where ri.is_lead) as total
        from round_investors ri join rounds r on r.id = ri.round_id where ${column} = ${id}`,
  );
  const dealFacts = [
    { label: '参与交易', value: `${Number(stats?.deals ?? 0)} 笔` },
    { label: '其中领投', value: `${Number(stats?.leads ?? 0)} 笔` },
    {
      label: '最近一笔',
      value: stats?.last
        ? String(stats.last instanceof Date ? isoDay(stats.last) : stats.last).slice(0, 10)
        : '—',
    },
  ];
  if (kind === 'institution') {
    const [o] = await selectRows<{
      name: string;
      short_name: string;
      type: string;
      founded_year: number | null;
      industries: string[];
      stages: number[];
      ticket_min: number | null;
      ticket_max: number | null;
      aum_min: number | null;
      aum_max: number | null;
    }>(db, sql`select * from institutions where id = ${id}`);
    if (!o) return null;
    return {
      kind,
      id,
      name: o.name,
      alias: o.short_name,
      facts: [
        { label: '类型', value: o.type || '—' },
        { label: '成立年份', value: o.founded_year ? String(o.founded_year) : '—' },
        {
          label: '管理规模',
          value: o.aum_min || o.aum_max ? `${wan(o.aum_min)}–${wan(o.aum_max)}` : '未披露',
        },
        { label: '关注行业', value: inds(o.industries) },
        { label: '投资轮次', value: stages(o.stages) },
        {
          label: '单笔投资',
          value: o.ticket_min || o.ticket_max ? `${wan(o.ticket_min)}–${wan(o.ticket_max)}` : '未披露',
        },
        ...dealFacts,
      ],
    };
  }
  const [i] = await selectRows<{
    name: string;
    title: string;
    industries: string[];
    stages: number[];
    institution: string | null;
  }>(
    db,
    sql`select i.name, i.title, i.industries, i.stages, coalesce(nullif(o.short_name, ''), o.name) as institution
        from investors i left join institutions o on o.id = i.institution_id where i.id = ${id}`,
  );
  if (!i) return null;
  return {
    kind,
    id,
    name: i.name,
    alias: i.institution ?? '',
    facts: [
      { label: '机构', value: i.institution || '—' },
      { label: '职位', value: i.title || '—' },
      { label: '关注行业', value: inds(i.industries) },
      { label: '投资轮次', value: stages(i.stages) },
      ...dealFacts,
    ],
  };
}

export interface LibrarySearch {
  keyword?: string;
  industry?: string[];
  stage?: number[];
  region?: string[];
  amountMin?: number | null;
  amountMax?: number | null;
  limit: number;
}

/** The library's own search (the same as the search pages), for the assistant's search tool. */
export async function searchLibrary(
  db: Db,
  kind: 'project',
  q: LibrarySearch,
): Promise<{ list: ProjectCard[]; total: number }>;
export async function searchLibrary(
  db: Db,
  kind: 'institution',
  q: LibrarySearch,
): Promise<{ list: OrgCard[]; total: number }>;
export async function searchLibrary(
  db: Db,
  kind: 'investor',
  q: LibrarySearch,
): Promise<{ list: InvestorCard[]; total: number }>;
export async function searchLibrary(
  db: Db,
  kind: 'project' | 'institution' | 'investor',
  q: LibrarySearch,
): Promise<{ list: (ProjectCard | OrgCard | InvestorCard)[]; total: number }> {
  const query = {
    keyword: q.keyword ?? '',
    industry: q.industry ?? [],
    stage: q.stage ?? [],
    region: q.region ?? [],
    ...(q.amountMin != null ? { amountMin: q.amountMin } : {}),
    ...(q.amountMax != null ? { amountMax: q.amountMax } : {}),
    sort: 'relevance' as const,
    page: 1,
    pageSize: q.limit,
  };
  const result =
    kind === 'project'
      ? await searchProjects(db, query)
      : kind === 'institution'
        ? await searchOrgs(db, query)
        : await searchInvestors(db, query);
  return { list: result.list as (ProjectCard | OrgCard | InvestorCard)[], total: result.total };
}
