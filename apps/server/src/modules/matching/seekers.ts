/**
 * Who projects are matched for on the investor side (aiprojectpage): an investor or an
 * institution by id (its stated preferences and portfolio), a free-text thesis (parsed
 * like a project description), or by default the signed-in user's own institution
 * (registration form: org id or name).
 */
import { Code, type ProjectMatchRequest } from '@jq/contract';
import { sql } from 'drizzle-orm';
import type { User } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { tokenize } from '../../lib/text.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import { industryName, regionName } from '../reference/index.js';
import { thesisProfile } from './build-index.js';
import { parseDescription } from './parse-description.js';
import type { EntityBundle, EntityProfile, MatchIndex } from './types.js';
import { vectorOfTokens } from './vectors.js';
import { ENTITY_VECTOR_SIZE } from './weights.js';

export interface Seeker {
  profile: EntityProfile;
  bundle: EntityBundle | null;
  wire: {
    kind: 'thesis' | 'institution' | 'investor';
    id: number | null;
    name: string;
    industries: string[];
    industryNames: string[];
    stages: number[];
    ticketMin: number | null;
    ticketMax: number | null;
    regions: string[];
    regionNames: string[];
    thesis: string;
  };
}

function fromBundle(bundle: EntityBundle, id: number): Seeker {
  const idx = bundle.position(id);
  if (idx < 0) throw notFound(bundle.kind === 'investor' ? '投资人不存在' : '机构不存在');
  const s = bundle.summary(idx);
  return {
    profile: bundle.profile(idx),
    bundle,
    wire: {
      kind: bundle.kind,
      id: s.id,
      name: s.name,
      industries: s.industries,
      industryNames: s.industries.map(industryName),
      stages: s.stages,
      ticketMin: s.ticketMin,
      ticketMax: s.ticketMax,
      regions: s.regions,
      regionNames: s.regions.map(regionName),
      thesis: '',
    },
  };
}

/** A typed thesis as a profile without deals. */
export function thesisSeeker(index: MatchIndex, thesis: string, industryFilter: string[] = []): Seeker {
  const parsed = parseDescription(thesis);
  const industries = parsed.industries.length ? parsed.industries : industryFilter;
  if (!industries.length)
    throw new AppError(Code.INDUSTRY_REQUIRED, '未能从投资理念中识别出行业，请选择关注的行业');
  const [ticketMin, ticketMax] =
    parsed.amountRange ??
    (parsed.amount !== null ? [Math.round(parsed.amount / 2), parsed.amount * 2] : [null, null]);
  const profile = thesisProfile(
    index,
    { id: 0, industries, stages: parsed.stages, ticketMin, ticketMax, regions: parsed.regions },
    vectorOfTokens(index.vocabulary, tokenize(thesis), ENTITY_VECTOR_SIZE),
  );
  return {
    profile,
    bundle: null,
    wire: {
      kind: 'thesis',
      id: null,
      name: '',
      industries,
      industryNames: industries.map(industryName),
      stages: parsed.stages,
      ticketMin,
      ticketMax,
      regions: parsed.regions,
      regionNames: parsed.regions.map(regionName),
      thesis,
    },
  };
}

async function ownInstitutionId(db: Db, userId: number): Promise<number | undefined> {
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`select i.id::int from user_profiles up join institutions i
          on (up.org_id ~ '^[0-9]{1,15}$' and i.id = up.org_id::bigint)
          or (up.org_id <> '' and i.external_id = up.org_id)
          or (up.org_name <> '' and (i.name = up.org_name or i.short_name = up.org_name))
        where up.user_id = ${userId} order by i.id limit 1`,
  );
  return row?.id;
}

export async function resolveSeeker(
  db: Db,
  index: MatchIndex,
  user: Pick<User, 'id'> | null,
  request: Pick<ProjectMatchRequest, 'thesis' | 'institutionId' | 'investorId' | 'industry'>,
): Promise<Seeker> {
  if (request.investorId) return fromBundle(index.investors, request.investorId);
  if (request.institutionId) return fromBundle(index.institutions, request.institutionId);
  if (request.thesis) return thesisSeeker(index, request.thesis, request.industry);
  const own = user ? await ownInstitutionId(db, user.id) : undefined;
  if (own !== undefined && index.institutions.position(own) >= 0) return fromBundle(index.institutions, own);
  throw badRequest('投资理念：请填写投资理念，或选择一家机构');
}
