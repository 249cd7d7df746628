/**
 * Follows (userTeaserFocusOrNot, getFocusTeaserHistory) and the collection
 * (getTeaserCollection): the teasers a user follows, asked to connect with, or was
 * delivered through a founder's order, in one list with a flag for each.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { teaserFollows, teasers } from '../../db/schema.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import { LIST_COLUMNS, publicSummaries } from './rows.js';
import { findPublished } from './teasers.js';

export async function setFocus(db: Db, userId: number, input: { id: number; focus?: boolean | undefined }) {
  const teaser = await findPublished(db, input.id);
  const [existing] = await db
    .select({ at: teaserFollows.createdAt })
    .from(teaserFollows)
    .where(and(eq(teaserFollows.userId, userId), eq(teaserFollows.teaserId, teaser.id)));
  const focus = input.focus ?? !existing;
  if (focus) await db.insert(teaserFollows).values({ userId, teaserId: teaser.id }).onConflictDoNothing();
  else
    await db
      .delete(teaserFollows)
      .where(and(eq(teaserFollows.userId, userId), eq(teaserFollows.teaserId, teaser.id)));
  return { id: teaser.id, isFollowed: focus };
}

export async function focusHistory(db: Db, userId: number, query: { page: number; pageSize: number }) {
  const where = and(eq(teaserFollows.userId, userId), eq(teasers.status, 'published'));
  const rows = await db
    .select(LIST_COLUMNS)
    .from(teaserFollows)
    .innerJoin(teasers, eq(teasers.id, teaserFollows.teaserId))
    .where(where)
    .orderBy(desc(teaserFollows.createdAt), desc(teasers.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(teaserFollows)
    .innerJoin(teasers, eq(teasers.id, teaserFollows.teaserId))
    .where(where);
  return {
    list: await publicSummaries(db, rows, userId),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

type Kind = 'all' | 'focus' | 'unlocked' | 'delivered';

export async function collection(
  db: Db,
  userId: number,
  query: { page: number; pageSize: number; kind: Kind },
) {
  const parts = {
    focus: sql`select teaser_id, created_at as at from teaser_follows where user_id = ${userId}`,
    unlocked: sql`select teaser_id, created_at as at from teaser_unlocks where investor_id = ${userId} and attempt > 0`,
    delivered: sql`select o.teaser_id, c.delivered_at as at from teaser_order_children c
                   join teaser_orders o on o.id = c.order_id where c.delivered_to = ${userId} and c.status = 'delivered'`,
  };
  const union =
    query.kind === 'all'
      ? sql.join([parts.focus, parts.unlocked, parts.delivered], sql` union all `)
      : parts[query.kind];
  const rows = await selectRows<{ teaser_id: number | string; at: string | Date; total: number }>(
    db,
    sql`select x.teaser_id, max(x.at) as at, count(*) over ()::int as total
        from (${union}) x join teasers t on t.id = x.teaser_id and t.status = 'published'
        group by x.teaser_id order by max(x.at) desc, x.teaser_id desc
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  const ids = rows.map((r) => Number(r.teaser_id));
  if (!ids.length) return { list: [], total: 0, page: query.page, pageSize: query.pageSize };
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const teaserRows = await db.select(LIST_COLUMNS).from(teasers).where(sql`${teasers.id} in (${idList})`);
  const flags = await selectRows<{
    id: number | string;
    followed: boolean;
    unlock_status: string | null;
    delivered: boolean;
  }>(
    db,
    sql`select t.id,
          exists (select 1 from teaser_follows f where f.user_id = ${userId} and f.teaser_id = t.id) as followed,
          (select u.status from teaser_unlocks u where u.investor_id = ${userId} and u.teaser_id = t.id and u.attempt > 0) as unlock_status,
          exists (select 1 from teaser_order_children c join teaser_orders o on o.id = c.order_id
                  where o.teaser_id = t.id and c.delivered_to = ${userId} and c.status = 'delivered') as delivered
        from teasers t where t.id in (${idList})`,
  );
  const byId = new Map(teaserRows.map((t) => [t.id, t]));
  const flagById = new Map(flags.map((f) => [Number(f.id), f]));
  const ordered = ids.map((id) => byId.get(id)!).filter(Boolean);
  const summaries = await publicSummaries(db, ordered, userId);
  return {
    list: summaries.map((s, i) => {
      const f = flagById.get(s.id);
      return {
        ...s,
        isFollowed: !!f?.followed,
        unlockStatus: (f?.unlock_status ?? null) as 'pending' | 'accepted' | 'declined' | 'expired' | null,
        isDelivered: !!f?.delivered,
        at: new Date(rows[i]!.at).toISOString(),
      };
    }),
    total: Number(rows[0]?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}
