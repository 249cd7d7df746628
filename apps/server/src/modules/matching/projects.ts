/**
 * Project rows the matching pages show: summaries for a page of matches, the user's own
 * projects (owner_user_id, or an `owner` relation in user_projects), and one own project
 * with the fields a profile needs. Another user's project is refused, never matched "as
 * theirs".
 */
import { stageLabel } from '@jq/contract';
import { type SQL, sql } from 'drizzle-orm';
import { forbidden, notFound } from '../../errors.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import { industryName, regionName } from '../library/reference/index.js';

const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const SUMMARY_CHARS = 120;

interface Row {
  id: number;
  name: string;
  brand_name: string;
  industry_id: string;
  industries: string[];
  tags: string[];
  stage: number;
  amount_sought: number | null;
  province_code: string | null;
  city_code: string | null;
  latest_round_at: string | null;
  latest_round_stage: number | null;
  total_raised: number | null;
  logo: string;
  description: string;
  is_demo: boolean;
}

const columns = sql.raw(`p.id::int, p.name, p.brand_name, p.industry_id, p.industries, p.tags, p.stage,
  p.amount_sought, p.province_code, p.city_code, p.latest_round_at::text as latest_round_at,
  p.latest_round_stage, p.total_raised, p.logo, left(p.description, 400) as description, p.is_demo`);

export function placeName(province: string | null, city: string | null): string {
  if (city) {
    const cityName = regionName(city);
    const provinceName = province ? regionName(province) : '';
    return provinceName && provinceName !== cityName ? `${provinceName} · ${cityName}` : cityName;
  }
  return province ? regionName(province) : '';
}

function ownSummary(row: Row) {
  return {
    id: num(row.id),
    name: row.name,
    brandName: row.brand_name,
    industryId: row.industry_id,
    industryName: industryName(row.industry_id),
    stage: num(row.stage),
    stageLabel: stageLabel(num(row.stage)),
    amountSought: numOrNull(row.amount_sought),
    regionName: placeName(row.province_code, row.city_code),
    logo: row.logo,
    isDemo: row.is_demo,
  };
}

function summary(row: Row) {
  const flat = row.description.replace(/\s+/g, ' ').trim();
  return {
    ...ownSummary(row),
    industries: row.industries ?? [],
    industryNames: (row.industries ?? []).filter((id) => id !== row.industry_id).map(industryName),
    tags: row.tags ?? [],
    latestRoundAt: row.latest_round_at,
    latestRoundStage: numOrNull(row.latest_round_stage),
    totalRaised: numOrNull(row.total_raised),
    summary: flat.length > SUMMARY_CHARS ? `${flat.slice(0, SUMMARY_CHARS)}…` : flat,
  };
}
export type ProjectSummary = ReturnType<typeof summary>;

export async function readProjectSummaries(db: Db, ids: number[]): Promise<Map<number, ProjectSummary>> {
  if (!ids.length) return new Map();
  const rows = await selectRows<Row>(
    db,
    sql`select ${columns} from projects p where p.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((row) => [num(row.id), summary(row)]));
}

const ownedBy = (userId: number): SQL =>
  sql`(p.owner_user_id = ${userId} or exists (select 1 from user_projects up
    where up.user_id = ${userId} and up.project_id = p.id and up.relation = 'owner'))`;

export async function listOwnProjects(db: Db, userId: number, page: number, pageSize: number) {
  const rows = await selectRows<Row>(
    db,
    sql`select ${columns} from projects p where ${ownedBy(userId)}
        order by p.updated_at desc, p.id desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const [count] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from projects p where ${ownedBy(userId)}`,
  );
  return { list: rows.map(ownSummary), total: num(count?.n ?? 0), page, pageSize };
}

export interface OwnProject extends ProjectSummary {
  cityCode: string | null;
  provinceCode: string | null;
  searchTokens: string;
  fullDescription: string;
}

/** One of the user's projects; 404 when it does not exist, 403 when it is someone else's. */
export async function readOwnProject(db: Db, userId: number, pid: number): Promise<OwnProject> {
  const [row] = await selectRows<Row & { search_tokens: string; full_description: string; is_own: boolean }>(
    db,
    sql`select ${columns}, p.search_tokens, left(p.description, 2000) as full_description, ${ownedBy(userId)} as is_own
        from projects p where p.id = ${pid}`,
  );
  if (!row) throw notFound('项目不存在');
  if (!row.is_own) throw forbidden('只能为您自己的项目匹配投资人');
  return {
    ...summary(row),
    provinceCode: row.province_code,
    cityCode: row.city_code,
    searchTokens: row.search_tokens,
    fullDescription: row.full_description,
  };
}

/** A project anyone may view (brochure, recommendations), with its text tokens. */
export async function readPublicProject(db: Db, pid: number) {
  const [row] = await selectRows<Row & { search_tokens: string }>(
    db,
    sql`select ${columns}, p.search_tokens from projects p where p.id = ${pid}`,
  );
  if (!row) throw notFound('项目不存在');
  return {
    ...summary(row),
    provinceCode: row.province_code,
    cityCode: row.city_code,
    searchTokens: row.search_tokens,
  };
}
