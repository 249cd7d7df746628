/**
 * The demo generator's dataset as a match source, without a database (tests and the
 * evaluation). Text fields are indexed exactly as the demo loader indexes them, so the
 * engine sees the same tokens here as it reads from `search_tokens`.
 */
import type { DemoDataset } from '../demo/index.js';
import { institutionSearchFields, investorSearchFields, projectSearchFields } from '../reference/index.js';
import { dayNumber } from './build-index.js';
import type { DealSource, EntitySource, EntitySummary, MatchSource } from './types.js';
import { TokenDictionary, tokenLists } from './vectors.js';

/** One (round, investor) seat of the demo data. */
export interface DemoDeal {
  roundId: number;
  projectId: number;
  date: string;
  stage: number;
  amount: number | null;
  investorCount: number;
  investorId: number | null;
  institutionId: number | null;
}

/** Every (round, investor) seat of the dataset, or of the given rounds. */
export function demoDeals(data: DemoDataset, rounds = data.rounds): DemoDeal[] {
  const deals: DemoDeal[] = [];
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

function dealSource(deals: DemoDeal[]): DealSource {
  const days = Int32Array.from(deals, (d) => dayNumber(d.date));
  return {
    n: deals.length,
    roundId: (k) => deals[k]!.roundId,
    projectId: (k) => deals[k]!.projectId,
    day: (k) => days[k]!,
    stage: (k) => deals[k]!.stage,
    amount: (k) => deals[k]!.amount,
    investorCount: (k) => deals[k]!.investorCount,
    investorId: (k) => deals[k]!.investorId,
    institutionId: (k) => deals[k]!.institutionId,
  };
}

function entitySource(rows: (EntitySummary & { tokens: Int32Array })[]): EntitySource {
  return {
    n: rows.length,
    ids: rows.map((r) => r.id),
    industries: (i) => rows[i]!.industries,
    stages: (i) => rows[i]!.stages,
    ticketMin: (i) => rows[i]!.ticketMin,
    ticketMax: (i) => rows[i]!.ticketMax,
    regions: (i) => rows[i]!.regions,
    tokens: tokenLists(rows.map((r) => r.tokens)),
    summary: (i) => {
      const { tokens: _tokens, ...summary } = rows[i]!;
      return summary;
    },
  };
}

export function demoSource(data: DemoDataset, deals: DemoDeal[] = demoDeals(data)): MatchSource {
  const dictionary = new TokenDictionary();
  const projects = data.projects;
  const projectTokens = tokenLists(
    projects.map((p) => dictionary.internText(projectSearchFields(p).searchTokens)),
  );
  const orgs = new Map(data.institutions.map((o) => [o.id, o]));
  const investors = data.investors.map((i) => {
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
      isDemo: true,
      tokens: dictionary.internText(
        investorSearchFields({ ...i, institutionName: org?.name, institutionShortName: org?.shortName })
          .searchTokens,
      ),
    };
  });
  const institutions = data.institutions.map((o) => ({
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
    isDemo: true,
    tokens: dictionary.internText(institutionSearchFields(o).searchTokens),
  }));
  return {
    now: data.now,
    words: dictionary.words,
    investors: entitySource(investors),
    institutions: entitySource(institutions),
    projects: {
      n: projects.length,
      ids: projects.map((p) => p.id),
      name: (i) => projects[i]!.brandName || projects[i]!.name,
      industryId: (i) => projects[i]!.industryId,
      industries: (i) => projects[i]!.industries,
      firstTag: (i) => projects[i]!.tags[0],
      stage: (i) => projects[i]!.stage,
      amount: (i) => projects[i]!.amountSought,
      provinceCode: (i) => projects[i]!.provinceCode,
      cityCode: (i) => projects[i]!.cityCode,
      tokens: projectTokens,
      owner: () => 0,
    },
    deals: dealSource(deals),
  };
}
