/**
 * View analytics (Papermark's rules, RESEARCH.md): the page counts visible time per section
 * and flushes every 10 s; a flush adds at most TEASER_VIEW_FLUSH_MAX_MS; a flush arriving
 * more than 5 minutes after the last one starts a new visit (the reader went idle); visits
 * under 1 s are not counted anywhere. Owners' own reading is not recorded.
 */
import {
  TEASER_SECTIONS,
  TEASER_VIEW_FLUSH_MAX_MS,
  TEASER_VIEW_IDLE_MS,
  TEASER_VIEW_MIN_MS,
} from '@jq/contract';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { teasers, teaserViews, userProfiles, users } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import { LIST_COLUMNS, publicSummaries, type TeaserRow } from './rows.js';
import { resolveShare } from './shares.js';
import { findOwn, findPublished } from './teasers.js';

/**
 * What one flush adds: the visible time (`visibleMs`, else the longest section's time) capped
 * at TEASER_VIEW_FLUSH_MAX_MS, and each section's time capped at that added time (sections on
 * screen together each count; none can count longer than the page was visible).
 */
export function capFlush(
  sections: Record<string, number>,
  visibleMs?: number,
): { addedMs: number; sections: Record<string, number> } {
  const clean: Record<string, number> = {};
  let longest = 0;
  for (const key of TEASER_SECTIONS) {
    const ms = Math.max(0, Math.floor(sections[key] ?? 0));
    if (ms > 0) {
      clean[key] = ms;
      longest = Math.max(longest, ms);
    }
  }
  const addedMs = Math.min(TEASER_VIEW_FLUSH_MAX_MS, Math.max(0, Math.floor(visibleMs ?? longest)));
  for (const key of Object.keys(clean)) {
    clean[key] = Math.min(clean[key]!, addedMs);
    if (!clean[key]) delete clean[key];
  }
  return { addedMs, sections: clean };
}

export async function recordView(
  db: Db,
  reader: { userId: number | null; clientId: string | null },
  input: {
    id: number;
    viewId?: number | undefined;
    shareToken?: string | undefined;
    visibleMs?: number | undefined;
    sections: Record<string, number>;
  },
  now = new Date(),
) {
  let shareId: number | null = null;
  let teaser: TeaserRow;
  if (input.shareToken) {
    const share = await resolveShare(db, input.shareToken);
    if (share.teaser.id !== input.id) throw badRequest('分享链接与 Teaser 不符');
    teaser = share.teaser;
    shareId = share.share.id;
  } else teaser = await findPublished(db, input.id);
  const none = { viewId: 0, addedMs: 0, durationMs: 0, counted: false };
  if (teaser.ownerId === reader.userId) return none;
  if (!reader.userId && !reader.clientId) return none;
  const { addedMs, sections: added } = capFlush(input.sections, input.visibleMs);
  const who = reader.userId
    ? eq(teaserViews.viewerId, reader.userId)
    : and(sql`${teaserViews.viewerId} is null`, eq(teaserViews.clientId, reader.clientId!));
  return db.transaction(async (tx) => {
    let [view] = input.viewId
      ? await tx
          .select()
          .from(teaserViews)
          .where(and(eq(teaserViews.id, input.viewId), eq(teaserViews.teaserId, teaser.id), who))
          .for('update')
      : [];
    if (view && now.getTime() - view.lastAt.getTime() > TEASER_VIEW_IDLE_MS) view = undefined;
    if (!view) {
      [view] = await tx
        .insert(teaserViews)
        .values({
          teaserId: teaser.id,
          viewerId: reader.userId,
          clientId: reader.userId ? '' : reader.clientId!,
          shareId,
          startedAt: now,
          lastAt: now,
        })
        .returning();
    }
    const sections = { ...view!.sections };
    for (const [key, ms] of Object.entries(added)) sections[key] = (sections[key] ?? 0) + ms;
    const durationMs = view!.durationMs + addedMs;
    await tx
      .update(teaserViews)
      .set({ durationMs, sections, flushes: sql`${teaserViews.flushes} + 1`, lastAt: now })
      .where(eq(teaserViews.id, view!.id));
    const counted = durationMs >= TEASER_VIEW_MIN_MS;
    if (counted && view!.durationMs < TEASER_VIEW_MIN_MS)
      await tx
        .update(teasers)
        .set({ viewCount: sql`${teasers.viewCount} + 1` })
        .where(eq(teasers.id, teaser.id));
    return { viewId: view!.id, addedMs, durationMs, counted };
  });
}

const DAY_MS = 86_400_000;
const BEIJING_MS = 8 * 3_600_000;
export const beijingDate = (d: Date) => new Date(d.getTime() + BEIJING_MS).toISOString().slice(0, 10);

/** getTeaserInvestorViewHistory: who looked at the owner's teaser, for how long and at what; unique viewers a day. */
export async function investorViewHistory(
  db: Db,
  ownerId: number,
  query: { id: number; page: number; pageSize: number; days: number },
  now = new Date(),
) {
  const teaser = await findOwn(db, ownerId, query.id);
  const views = await db
    .select()
    .from(teaserViews)
    .where(and(eq(teaserViews.teaserId, teaser.id), gte(teaserViews.durationMs, TEASER_VIEW_MIN_MS)));
  type Agg = {
    key: string;
    userId: number;
    visits: number;
    totalMs: number;
    sections: Record<string, number>;
    lastAt: Date;
    viaShare: boolean;
  };
  const byViewer = new Map<string, Agg>();
  const totals: Record<string, number> = {};
  for (const v of views) {
    const key = v.viewerId ? `u${v.viewerId}` : `c${v.clientId}`;
    const agg =
      byViewer.get(key) ??
      ({
        key,
        userId: v.viewerId ?? 0,
        visits: 0,
        totalMs: 0,
        sections: {},
        lastAt: v.lastAt,
        viaShare: false,
      } as Agg);
    agg.visits++;
    agg.totalMs += v.durationMs;
    if (v.lastAt > agg.lastAt) agg.lastAt = v.lastAt;
    if (v.shareId) agg.viaShare = true;
    for (const [s, ms] of Object.entries(v.sections)) {
      agg.sections[s] = (agg.sections[s] ?? 0) + ms;
      totals[s] = (totals[s] ?? 0) + ms;
    }
    byViewer.set(key, agg);
  }
  const viewers = [...byViewer.values()].sort(
    (a, b) => b.lastAt.getTime() - a.lastAt.getTime() || a.key.localeCompare(b.key),
  );
  const from = (query.page - 1) * query.pageSize;
  const page = viewers.slice(from, from + query.pageSize);
  const ids = page.map((p) => p.userId).filter((id) => id > 0);
  const people = ids.length
    ? await db
        .select({
          id: users.id,
          name: users.name,
          identity: users.identity,
          company: userProfiles.company,
          title: userProfiles.title,
        })
        .from(users)
        .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
        .where(inArray(users.id, ids))
    : [];
  const personById = new Map(people.map((p) => [p.id, p]));
  const chart: { date: string; uniqueViewers: number; visits: number }[] = [];
  const today = beijingDate(now);
  const perDay = new Map<string, { viewers: Set<string>; visits: number }>();
  for (const v of views) {
    const date = beijingDate(v.startedAt);
    const day = perDay.get(date) ?? { viewers: new Set(), visits: 0 };
    day.viewers.add(v.viewerId ? `u${v.viewerId}` : `c${v.clientId}`);
    day.visits++;
    perDay.set(date, day);
  }
  for (let i = query.days - 1; i >= 0; i--) {
    const date = new Date(Date.parse(`${today}T00:00:00Z`) - i * DAY_MS).toISOString().slice(0, 10);
    const day = perDay.get(date);
    chart.push({ date, uniqueViewers: day?.viewers.size ?? 0, visits: day?.visits ?? 0 });
  }
  const totalMs = views.reduce((a, v) => a + v.durationMs, 0);
  return {
    list: page.map((p) => {
      const person = personById.get(p.userId);
      return {
        userId: p.userId,
        name: person?.name || (p.userId ? '用户' : '访客（分享链接）'),
        company: person?.company ?? '',
        title: person?.title ?? '',
        identity: person?.identity ?? '',
        visits: p.visits,
        totalMs: p.totalMs,
        sections: p.sections,
        lastAt: p.lastAt.toISOString(),
        viaShare: p.viaShare,
      };
    }),
    total: viewers.length,
    page: query.page,
    pageSize: query.pageSize,
    totals: {
      visits: views.length,
      uniqueViewers: viewers.length,
      totalMs,
      avgMs: views.length ? Math.round(totalMs / views.length) : 0,
      sections: totals,
    },
    chart,
  };
}

/** getViewTeaserHistory: the caller's own counted visits, one line per teaser, latest first. */
export async function myViewHistory(db: Db, userId: number, query: { page: number; pageSize: number }) {
  const rows = await selectRows<{
    teaser_id: number | string;
    visits: number;
    total_ms: number | string;
    last_at: string | Date;
  }>(
    db,
    sql`select v.teaser_id, count(*)::int as visits, sum(v.duration_ms)::bigint as total_ms, max(v.last_at) as last_at
        from teaser_views v join teasers t on t.id = v.teaser_id and t.status = 'published'
        where v.viewer_id = ${userId} and v.duration_ms >= ${TEASER_VIEW_MIN_MS}
        group by v.teaser_id order by max(v.last_at) desc, v.teaser_id desc
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  const [count] = await selectRows<{ n: number }>(
    db,
    sql`select count(distinct v.teaser_id)::int as n from teaser_views v join teasers t on t.id = v.teaser_id and t.status = 'published'
        where v.viewer_id = ${userId} and v.duration_ms >= ${TEASER_VIEW_MIN_MS}`,
  );
  const ids = rows.map((r) => Number(r.teaser_id));
  const teaserRows = ids.length
    ? await db.select(LIST_COLUMNS).from(teasers).where(inArray(teasers.id, ids))
    : [];
  const byId = new Map(teaserRows.map((t) => [t.id, t]));
  const ordered = ids.map((id) => byId.get(id)!).filter(Boolean);
  const summaries = await publicSummaries(db, ordered, userId);
  const summaryById = new Map(summaries.map((s) => [s.id, s]));
  return {
    list: rows
      .filter((r) => summaryById.has(Number(r.teaser_id)))
      .map((r) => ({
        teaser: summaryById.get(Number(r.teaser_id))!,
        visits: Number(r.visits),
        totalMs: Number(r.total_ms),
        lastAt: new Date(r.last_at).toISOString(),
      })),
    total: Number(count?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}
