/**
 * Project rows the matching pages show: summaries for a page of matches, the user's own
 * projects (owner_user_id, or an `owner` relation in user_projects), and one own project
 * with the fields a profile needs. Another user's project is refused, never matched "as
 * theirs".
 */
import { stageLabel } from '@jq/contract';
import { count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { projects } from '../../db/schema.js';
import { forbidden, notFound } from '../../errors.js';
import type { Db } from '../../platform/database/index.js';
import { industryName, regionName } from '../reference/index.js';

const SUMMARY_CHARS = 120;

/** The columns a project's summary shows; rows come back typed as the table's own. */
const columns = {
  id: projects.id,
  name: projects.name,
  brandName: projects.brandName,
  industryId: projects.industryId,
  industries: projects.industries,
  tags: projects.tags,
  stage: projects.stage,
  amountSought: projects.amountSought,
  provinceCode: projects.provinceCode,
  cityCode: projects.cityCode,
  latestRoundAt: projects.latestRoundAt,
  latestRoundStage: projects.latestRoundStage,
  totalRaised: projects.totalRaised,
  logo: projects.logo,
  description: sql<string>`left(${projects.description}, 400)`,
  isDemo: projects.isDemo,
};
type Row = Pick<typeof projects.$inferSelect, keyof typeof columns>;

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
    id: row.id,
    name: row.name,
    brandName: row.brandName,
    industryId: row.industryId,
    industryName: industryName(row.industryId),
    stage: row.stage,
    stageLabel: stageLabel(row.stage),
    amountSought: row.amountSought,
    regionName: placeName(row.provinceCode, row.cityCode),
    logo: row.logo,
    isDemo: row.isDemo,
  };
}

function summary(row: Row) {
  const flat = row.description.replace(/\s+/g, ' ').trim();
  return {
    ...ownSummary(row),
    industries: row.industries ?? [],
    industryNames: (row.industries ?? []).filter((id) => id !== row.industryId).map(industryName),
    tags: row.tags ?? [],
    latestRoundAt: row.latestRoundAt,
    latestRoundStage: row.latestRoundStage,
    totalRaised: row.totalRaised,
    summary: flat.length > SUMMARY_CHARS ? `${flat.slice(0, SUMMARY_CHARS)}…` : flat,
  };
}
export type ProjectSummary = ReturnType<typeof summary>;

export async function readProjectSummaries(db: Db, ids: number[]): Promise<Map<number, ProjectSummary>> {
  if (!ids.length) return new Map();
  const rows = await db.select(columns).from(projects).where(inArray(projects.id, ids));
  return new Map(rows.map((row) => [row.id, summary(row)]));
}

const ownedBy = (userId: number): SQL =>
  sql`(${projects.ownerUserId} = ${userId} or exists (select 1 from user_projects up
    where up.user_id = ${userId} and up.project_id = ${projects.id} and up.relation = 'owner'))`;

export async function listOwnProjects(db: Db, userId: number, page: number, pageSize: number) {
  const rows = await db
    .select(columns)
    .from(projects)
    .where(ownedBy(userId))
    .orderBy(desc(projects.updatedAt), desc(projects.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(projects).where(ownedBy(userId));
  return { list: rows.map(ownSummary), total: total?.n ?? 0, page, pageSize };
}

export interface OwnProject extends ProjectSummary {
  cityCode: string | null;
  provinceCode: string | null;
  searchTokens: string;
  fullDescription: string;
}

/** One of the user's projects; 404 when it does not exist, 403 when it is someone else's. */
export async function readOwnProject(db: Db, userId: number, pid: number): Promise<OwnProject> {
  const [row] = await db
    .select({
      ...columns,
      searchTokens: projects.searchTokens,
      fullDescription: sql<string>`left(${projects.description}, 2000)`,
      isOwn: sql<boolean>`${ownedBy(userId)}`,
    })
    .from(projects)
    .where(eq(projects.id, pid));
  if (!row) throw notFound('项目不存在');
  if (!row.isOwn) throw forbidden('只能为您自己的项目匹配投资人');
  return {
    ...summary(row),
    provinceCode: row.provinceCode,
    cityCode: row.cityCode,
    searchTokens: row.searchTokens,
    fullDescription: row.fullDescription,
  };
}

/** A project anyone may view (brochure, recommendations), with its text tokens. */
export async function readPublicProject(db: Db, pid: number) {
  const [row] = await db
    .select({ ...columns, searchTokens: projects.searchTokens })
    .from(projects)
    .where(eq(projects.id, pid));
  if (!row) throw notFound('项目不存在');
  return {
    ...summary(row),
    provinceCode: row.provinceCode,
    cityCode: row.cityCode,
    searchTokens: row.searchTokens,
  };
}
