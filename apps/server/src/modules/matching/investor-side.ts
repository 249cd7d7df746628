/**
 * The investor side (aiprojectpage): a thesis, an investor or an institution → ranked
 * projects with reasons. Projects whose owner has VIP priority matching get the bounded
 * boost (weights.ts), shown as its own line.
 */
import type { ProjectMatchPage, ProjectMatchRequest } from '@jq/contract';
import { sql } from 'drizzle-orm';
import type { User } from '../../db/schema.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import { can } from '../billing/index.js';
import { getMatchIndex } from './index-cache.js';
import { projectItems } from './items.js';
import { readProjectSummaries } from './projects.js';
import { rankProjects } from './rank.js';
import { rankedCached } from './ranked-cache.js';
import { resolveSeeker } from './seekers.js';

/** Users who own a project and have VIP priority matching now. */
export async function readVipOwners(db: Db, now = new Date()): Promise<Set<number>> {
  const rows = await selectRows<{ id: number; vip_expires_at: string | Date | null }>(
    db,
    sql`select u.id::int, u.vip_expires_at from users u
        where u.vip_expires_at > ${now.toISOString()} and (
          exists (select 1 from projects p where p.owner_user_id = u.id)
          or exists (select 1 from user_projects up where up.user_id = u.id and up.relation = 'owner'))`,
  );
  return new Set(
    rows
      .filter((row) =>
        can({ vipExpiresAt: row.vip_expires_at ? new Date(row.vip_expires_at) : null }, 'priorityMatch', now),
      )
      .map((row) => row.id),
  );
}

export async function matchProjectsForInvestor(
  db: Db,
  user: User | null,
  request: ProjectMatchRequest,
): Promise<ProjectMatchPage> {
  const index = await getMatchIndex(db);
  const seeker = await resolveSeeker(db, index, user, request);
  const vipOwners = await readVipOwners(db);
  const filters = {
    industry: request.industry,
    stage: request.stage,
    region: request.region,
    amountMin: request.amountMin,
    amountMax: request.amountMax,
    excludeConflicts: request.excludeConflicts,
  };
  const who =
    seeker.wire.kind === 'thesis' ? `thesis:${seeker.wire.thesis}` : `${seeker.wire.kind}:${seeker.wire.id}`;
  const key = `projects:${who}:${JSON.stringify(filters)}:${[...vipOwners].sort().join(',')}`;
  const ranked = rankedCached(index, key, () => rankProjects(index, seeker.profile, filters, vipOwners));
  const from = (request.page - 1) * request.pageSize;
  const list = await projectItems(
    index,
    seeker.profile,
    seeker.bundle,
    ranked,
    from,
    request.pageSize,
    (ids) => readProjectSummaries(db, ids),
  );
  return {
    list,
    total: ranked.total,
    strongTotal: ranked.strong,
    page: request.page,
    pageSize: request.pageSize,
    seeker: seeker.wire,
  };
}
