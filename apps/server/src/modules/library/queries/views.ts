/**
 * View events: what signed-in users open (projects, institutions, investors, reports, other
 * users' pages), read back as "recently viewed", "who viewed me" and another user's recent
 * public actions. Reloading the same page within a minute counts once.
 */
import { stageLabel } from '@jq/contract';
import { sql } from 'drizzle-orm';
import { users, type viewEvents } from '../../../db/schema.js';
import { notFound } from '../../../errors.js';
import { type Db, selectRows } from '../../../platform/database/index.js';
import { iso } from '../search/cards.js';
import { bigintArray, textArray } from '../search/conditions.js';
import { getVocabulary, industryName } from '../search/vocabulary.js';

export type ViewTarget = (typeof viewEvents.$inferInsert)['targetType'];

export async function recordView(
  db: Db,
  userId: number | undefined,
  targetType: ViewTarget,
  targetId: string,
) {
  if (!userId) return;
  await db.execute(sql`insert into view_events (user_id, target_type, target_id)
    select ${userId}, ${targetType}, ${targetId}
    where not exists (select 1 from view_events where user_id = ${userId} and target_type = ${targetType}
      and target_id = ${targetId} and viewed_at > now() - interval '1 minute')`);
}

interface Page {
  page: number;
  pageSize: number;
}

interface ViewedRow {
  target_type: ViewTarget;
  target_id: string;
  viewed_at: Date | string;
  total: number | string;
}

/** What a user viewed, newest first, one entry per thing. */
export async function listRecentViews(
  db: Db,
  userId: number,
  { page, pageSize }: Page,
  types?: ViewTarget[],
) {
  const typeFilter = types ? sql`and target_type = any(${textArray(types)})` : sql``;
  const rows = await selectRows<ViewedRow>(
    db,
    sql`select target_type, target_id, max(viewed_at) as viewed_at, count(*) over () as total
      from view_events where user_id = ${userId} ${typeFilter}
      and viewed_at > now() - interval '180 days'
      group by target_type, target_id order by max(viewed_at) desc, target_id
      limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return { list: await describeTargets(db, rows), total: Number(rows[0]?.total ?? 0), page, pageSize };
}

/** Who viewed a user's page: other signed-in users, newest first, with how often. */
export async function listViewers(db: Db, user: { id: number; uguid: string }, { page, pageSize }: Page) {
  const rows = await selectRows<{
    uguid: string;
    name: string;
    avatar: string;
    identity: string;
    viewed_at: Date | string;
    count: number | string;
    total: number | string;
  }>(
    db,
    sql`select u.uguid, u.name, u.avatar, u.identity, v.viewed_at, v.count, count(*) over () as total
      from (select user_id, max(viewed_at) as viewed_at, count(*) as count from view_events
        where target_type = 'user' and target_id = ${user.uguid} and user_id <> ${user.id}
        group by user_id) v
      join ${users} u on u.id = v.user_id
      order by v.viewed_at desc, u.id limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return {
    list: rows.map((r) => ({
      uguid: r.uguid,
      name: r.name,
      avatar: r.avatar,
      identity: r.identity,
      viewedAt: iso(r.viewed_at),
      count: Number(r.count),
    })),
    total: Number(rows[0]?.total ?? 0),
    page,
    pageSize,
  };
}

/**
 * Another user's recent public actions: the projects and institutions they opened in the
 * last 90 days. Reports, investors (people) and other users they looked at stay private.
 * Opening someone's actions counts as viewing their page.
 */
export async function listUserActions(db: Db, viewerId: number, tuid: string, paging: Page) {
  const [target] = await db
    .select({ id: users.id, uguid: users.uguid, name: users.name, avatar: users.avatar })
    .from(users)
    .where(sql`${users.uguid} = ${tuid} and ${users.bannedAt} is null`)
    .limit(1);
  if (!target) throw notFound('用户不存在');
  const user = { uguid: target.uguid, name: target.name, avatar: target.avatar };
  // What someone looked at is theirs alone: for an investor it is deal flow (docs/decisions.md).
  if (target.id !== viewerId) {
    await recordView(db, viewerId, 'user', target.uguid);
    return { user, list: [], total: 0, ...paging };
  }
  const rows = await selectRows<ViewedRow>(
    db,
    sql`select target_type, target_id, max(viewed_at) as viewed_at, count(*) over () as total
      from view_events where user_id = ${target.id} and target_type in ('project', 'institution')
      and viewed_at > now() - interval '90 days'
      group by target_type, target_id order by max(viewed_at) desc, target_id
      limit ${paging.pageSize} offset ${(paging.page - 1) * paging.pageSize}`,
  );
  return {
    user,
    list: await describeTargets(db, rows),
    total: Number(rows[0]?.total ?? 0),
    ...paging,
  };
}

/** Titles and subtitles of viewed things, looked up per type in one query each. */
async function describeTargets(db: Db, rows: ViewedRow[]) {
  const ids = (type: ViewTarget) =>
    rows
      .filter((r) => r.target_type === type)
      .map((r) => Number(r.target_id))
      .filter(Number.isSafeInteger);
  const vocabulary = await getVocabulary(db);
  const titles = new Map<string, { title: string; subtitle: string }>();
  const put = (type: ViewTarget, id: unknown, title: string, subtitle: string) =>
    titles.set(`${type}:${String(id)}`, { title, subtitle });
  const projectIds = ids('project');
  if (projectIds.length) {
    const found = await selectRows<{
      id: number;
      name: string;
      brand_name: string;
      industry_id: string;
      stage: number;
    }>(
      db,
      sql`select id, name, brand_name, industry_id, stage from projects where id = any(${bigintArray(projectIds)})`,
    );
    for (const p of found) {
      put(
        'project',
        p.id,
        p.brand_name || p.name,
        `${industryName(vocabulary, p.industry_id)} · ${stageLabel(Number(p.stage))}`,
      );
    }
  }
  const orgIds = ids('institution');
  if (orgIds.length) {
    const found = await selectRows<{ id: number; name: string; type: string }>(
      db,
      sql`select id, name, type from institutions where id = any(${bigintArray(orgIds)})`,
    );
    for (const o of found) put('institution', o.id, o.name, o.type);
  }
  const investorIds = ids('investor');
  if (investorIds.length) {
    const found = await selectRows<{ id: number; name: string; title: string; org: string | null }>(
      db,
      sql`select v.id, v.name, v.title, i.name as org from investors v left join institutions i on i.id = v.institution_id
        where v.id = any(${bigintArray(investorIds)})`,
    );
    for (const v of found) put('investor', v.id, v.name, [v.org, v.title].filter(Boolean).join(' · '));
  }
  const reportIds = ids('report');
  if (reportIds.length) {
    const found = await selectRows<{ id: number; title: string; publisher: string }>(
      db,
      sql`select id, title, publisher from reports where id = any(${bigintArray(reportIds)})`,
    );
    for (const r of found) put('report', r.id, r.title, r.publisher);
  }
  const uguids = rows.filter((r) => r.target_type === 'user').map((r) => r.target_id);
  if (uguids.length) {
    const found = await selectRows<{ uguid: string; name: string }>(
      db,
      sql`select uguid, name from users where uguid = any(${textArray(uguids)})`,
    );
    for (const u of found) put('user', u.uguid, u.name || '金桥用户', '');
  }
  return rows.map((r) => ({
    targetType: r.target_type,
    targetId: String(r.target_id),
    ...(titles.get(`${r.target_type}:${r.target_id}`) ?? { title: '（已删除）', subtitle: '' }),
    viewedAt: iso(r.viewed_at),
  }));
}
