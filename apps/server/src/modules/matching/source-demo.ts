/**
 * The demo generator's dataset as match rows, without a database (tests and the
 * evaluation). Text fields are indexed exactly as the demo loader indexes them, so the
 * engine sees the same tokens here as it reads from `search_tokens`.
 */
import type { DemoDataset } from '../demo/index.js';
import { institutionSearchFields, investorSearchFields, projectSearchFields } from '../reference/index.js';
import type { MatchSource, SourceDeal, SourceEntity, SourceProject } from './types.js';
import { TokenDictionary } from './vectors.js';

export function demoProjects(data: DemoDataset, dictionary: TokenDictionary): SourceProject[] {
  return data.projects.map((p) => ({
    id: p.id,
    name: p.brandName || p.name,
    industryId: p.industryId,
    industries: p.industries,
    tags: p.tags,
    stage: p.stage,
    amount: p.amountSought,
    provinceCode: p.provinceCode,
    cityCode: p.cityCode,
    tokens: dictionary.internText(projectSearchFields(p).searchTokens),
    ownerUserId: null,
  }));
}

/** Every (round, investor) seat of the dataset, or of the given rounds. */
export function demoDeals(data: DemoDataset, rounds = data.rounds): SourceDeal[] {
  const deals: SourceDeal[] = [];
  for (const round of rounds) {
    for (const seat of round.investors) {
      deals.push({
        roundId: round.id,
        projectId: round.projectId,
        date: round.date,
        stage: round.stage,
        amount: round.amount,
        investorCount: round.investors.length,
        investorId: seat.investorId,
        institutionId: seat.institutionId,
      });
    }
  }
  return deals;
}

export function demoSource(data: DemoDataset, deals: SourceDeal[] = demoDeals(data)): MatchSource {
  const dictionary = new TokenDictionary();
  const projects = demoProjects(data, dictionary);
  const orgs = new Map(data.institutions.map((o) => [o.id, o]));
  const investors: SourceEntity[] = data.investors.map((i) => {
    const org = orgs.get(i.institutionId);
    return {
      id: i.id,
      name: i.name,
      title: i.title,
      type: '',
      avatar: '',
      institutionId: i.institutionId,
      industries: i.industries,
      stages: i.stages,
      ticketMin: i.ticketMin,
      ticketMax: i.ticketMax,
      regions: i.regions,
      tokens: dictionary.internText(
        investorSearchFields({ ...i, institutionName: org?.name, institutionShortName: org?.shortName })
          .searchTokens,
      ),
      isDemo: true,
    };
  });
  const institutions: SourceEntity[] = data.institutions.map((o) => ({
    id: o.id,
    name: o.name,
    title: o.shortName,
    type: o.type,
    avatar: '',
    institutionId: null,
    industries: o.industries,
    stages: o.stages,
    ticketMin: o.ticketMin,
    ticketMax: o.ticketMax,
    regions: o.regions,
    tokens: dictionary.internText(institutionSearchFields(o).searchTokens),
    isDemo: true,
  }));
  return { now: data.now, dictionary, investors, institutions, projects, deals };
}
