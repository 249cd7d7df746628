/**
 * Investors for a library project anyone may view (the brochure's recommendations and
 * its stream) and investors active in an industry (matchInvestorWithIndustry): the same
 * ranking as a stored match, on a profile made from the project or the industry.
 */
import type { MatchTarget } from '@jq/contract';
import { badRequest } from '../../errors.js';
import { tokenize } from '../../lib/text.js';
import type { Db } from '../../platform/database/index.js';
import { getIndustry, industryName, industryTerms } from '../reference/index.js';
import { projectFeaturesOf } from './features.js';
import { getMatchIndex } from './index-cache.js';
import { investorItems } from './items.js';
import { orderIndustries } from './profile.js';
import { readPublicProject } from './projects.js';
import { rankEntities } from './rank.js';
import { rankedCached } from './ranked-cache.js';
import type { MatchIndex } from './types.js';

export async function recommendForProject(db: Db, pid: number, target: MatchTarget) {
  const project = await readPublicProject(db, pid);
  const index = await getMatchIndex(db);
  const bundle = target === 'institution' ? index.institutions : index.investors;
  const features = projectFeaturesOf(index, {
    id: project.id,
    industries: orderIndustries(project.industryId, project.industries),
    stage: project.stage,
    amount: project.amountSought,
    regions: [project.cityCode ?? project.provinceCode].filter((c): c is string => !!c),
    tags: project.tags,
    tokens: project.searchTokens ? project.searchTokens.split(' ') : [],
  });
  const ranked = rankedCached(index, `project:${pid}:${target}`, () => rankEntities(index, bundle, features));
  return { index, bundle, features, ranked, project, name: project.brandName || project.name };
}

export async function investorsInIndustry(
  db: Db,
  query: {
    industry: string;
    stage?: number | null | undefined;
    region?: string[] | undefined;
    target: MatchTarget;
    page: number;
    pageSize: number;
  },
) {
  const row = getIndustry(query.industry);
  if (!row) throw badRequest(`行业：未知的行业编号 ${query.industry}`);
  const index: MatchIndex = await getMatchIndex(db);
  const bundle = query.target === 'institution' ? index.institutions : index.investors;
  const features = projectFeaturesOf(index, {
    industries: orderIndustries(row.id, [row.id]),
    stage: query.stage ?? null,
    amount: null,
    regions: query.region?.slice(0, 1) ?? [],
    tags: [],
    tokens: tokenize(industryTerms(row.id).join(' ')),
  });
  const filters = { region: query.region, stage: query.stage != null ? [query.stage] : undefined };
  const ranked = rankedCached(index, `industry:${row.id}:${query.target}:${JSON.stringify(filters)}`, () =>
    rankEntities(index, bundle, features, filters),
  );
  const from = (query.page - 1) * query.pageSize;
  return {
    list: investorItems(index, bundle, features, industryName(row.id), ranked, from, query.pageSize),
    total: ranked.total,
    page: query.page,
    pageSize: query.pageSize,
    industry: { id: row.id, name: row.name },
    target: query.target,
  };
}
