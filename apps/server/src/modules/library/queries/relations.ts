/**
 * A user's relations to library rows: projects (owner, follow, unlocked — User2ProjectMap)
 * and followed institutions (add/del/getOrgRelationShip). Every query is scoped to the
 * signed-in user's id; no request can name another user's rows.
 */
import { sql } from 'drizzle-orm';
import { orgFollows } from '../../../db/schema.js';
import { notFound } from '../../../errors.js';
import { type Db, selectRows } from '../../../platform/database/index.js';
import {
  iso,
  type OrgRow,
  orgColumns,
  type ProjectRow,
  projectColumns,
  toProjectCard,
} from '../search/cards.js';
import { toOrgCards } from '../search/search-orgs.js';
import { getVocabulary } from '../search/vocabulary.js';

interface Page {
  page: number;
  pageSize: number;
}

/** The user's relations to one project: owner (own company), follow, unlocked. */
export async function listRelations(db: Db, userId: number, pid: number): Promise<string[]> {
  const rows = await selectRows<{ relation: string }>(
    db,
    sql`select relation from user_projects where user_id = ${userId} and project_id = ${pid}
      union select 'owner' from projects where id = ${pid} and owner_user_id = ${userId}`,
  );
  return [...new Set(rows.map((r) => r.relation))].sort();
}

export async function listUserProjects(
  db: Db,
  userId: number,
  query: Page & { relation?: string | null | undefined; pid?: number | null | undefined },
) {
  const relation = query.relation ? sql`and relation = ${query.relation}` : sql``;
  const project = query.pid ? sql`and project_id = ${query.pid}` : sql``;
  const rows = await selectRows<
    ProjectRow & { relations: string[]; updated_at: Date | string; total: number | string }
  >(
    db,
    sql`with rel as (
        select project_id, relation, created_at from user_projects where user_id = ${userId}
        union all select id, 'owner', created_at from projects where owner_user_id = ${userId}
      ), mine as (
        select project_id, array_agg(distinct relation order by relation) as relations, max(created_at) as updated_at
        from rel where true ${relation} ${project} group by project_id
      )
      select ${projectColumns('p')}, m.relations, m.updated_at, count(*) over () as total
      from mine m join projects p on p.id = m.project_id
      order by m.updated_at desc, p.id desc limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  const vocabulary = await getVocabulary(db);
  return {
    list: rows.map((row) => ({
      project: toProjectCard(row, vocabulary),
      relations: row.relations,
      updatedAt: iso(row.updated_at),
    })),
    total: Number(rows[0]?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function assertInstitution(db: Db, oid: number) {
  const [row] = await selectRows<{ id: number }>(db, sql`select id from institutions where id = ${oid}`);
  if (!row) throw notFound('机构不存在');
}

/** Following twice is the same as once. */
export async function followOrg(db: Db, userId: number, oid: number) {
  await assertInstitution(db, oid);
  await db.insert(orgFollows).values({ userId, institutionId: oid }).onConflictDoNothing();
  return { oid, isFollowed: true };
}

export async function unfollowOrg(db: Db, userId: number, oid: number) {
  await assertInstitution(db, oid);
  await db.execute(sql`delete from org_follows where user_id = ${userId} and institution_id = ${oid}`);
  return { oid, isFollowed: false };
}

export async function isFollowing(db: Db, userId: number | undefined, oid: number): Promise<boolean> {
  if (!userId) return false;
  const rows = await selectRows<{ one: number }>(
    db,
    sql`select 1 as one from org_follows where user_id = ${userId} and institution_id = ${oid}`,
  );
  return rows.length > 0;
}

export async function listFollowedOrgs(
  db: Db,
  userId: number,
  query: Page & { oid?: number | null | undefined },
) {
  const only = query.oid ? sql`and f.institution_id = ${query.oid}` : sql``;
  const rows = await selectRows<OrgRow & { followed_at: Date | string; total: number | string }>(
    db,
    sql`select ${orgColumns('i')}, f.created_at as followed_at, count(*) over () as total
      from org_follows f join institutions i on i.id = f.institution_id
      where f.user_id = ${userId} ${only}
      order by f.created_at desc, i.id desc limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  const cards = await toOrgCards(db, rows, await getVocabulary(db));
  return {
    list: rows.map((row, i) => ({ institution: cards[i]!, followedAt: iso(row.followed_at) })),
    total: Number(rows[0]?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}
