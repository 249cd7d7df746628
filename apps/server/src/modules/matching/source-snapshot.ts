/**
 * The library snapshot as a match source: the snapshot's columns read in place (nothing is
 * copied into rows), its interned `search_tokens`, and the round seats it read. Each seat's
 * round counts its investors as distinct institutions (or investors without one).
 */
import { intOrNull, type LibrarySnapshot, type SnapshotBuild } from '../library/index.js';
import type { EntitySource, EntitySummary, MatchSource } from './types.js';

const orNull = (id: number) => (Number.isNaN(id) ? null : id);

/** Per round row: distinct institutions (or investors without one) among its seats. */
function seatsPerRound(build: SnapshotBuild): Uint8Array {
  const { seats, rounds } = build;
  const counts = new Uint8Array(rounds.n);
  let start = 0;
  while (start < seats.n) {
    const round = seats.round[start]!;
    let end = start;
    while (end < seats.n && seats.round[end] === round) end++;
    const seen = new Set<number>();
    for (let s = start; s < end; s++) {
      const institution = seats.institution[s]!;
      const investor = seats.investor[s]!;
      if (!Number.isNaN(institution)) seen.add(institution);
      else if (!Number.isNaN(investor)) seen.add(-investor);
    }
    counts[round] = Math.min(255, seen.size);
    start = end;
  }
  return counts;
}

/**
 * What the index keeps reading after the build (names and summaries for pages): made in a
 * scope of its own, so it holds on to the snapshot's columns only, not the build's tokens
 * and seats (a closure keeps its whole scope alive).
 */
function displayOf(snapshot: LibrarySnapshot) {
  const p = snapshot.projects;
  const v = snapshot.investors;
  const i = snapshot.institutions;
  return {
    projectName: (k: number) => p.brandName.get(k) || p.name.get(k),
    investor: (k: number): EntitySummary => ({
      id: v.ids[k]!,
      name: v.name.get(k),
      title: v.title.get(k) ?? '',
      type: '',
      avatar: v.avatar.get(k),
      institutionId: orNull(v.institutionId[k]!),
      industries: v.industries.strings(k),
      stages: v.stages.numbers(k),
      ticketMin: intOrNull(v.ticketMin[k]!),
      ticketMax: intOrNull(v.ticketMax[k]!),
      regions: v.regions.strings(k),
      isDemo: v.isDemo[k] === 1,
    }),
    institution: (k: number): EntitySummary => ({
      id: i.ids[k]!,
      name: i.name.get(k),
      title: i.shortName.get(k),
      type: i.type.get(k) ?? '',
      avatar: i.logo.get(k),
      institutionId: null,
      industries: i.industries.strings(k),
      stages: i.stages.numbers(k),
      ticketMin: intOrNull(i.ticketMin[k]!),
      ticketMax: intOrNull(i.ticketMax[k]!),
      regions: i.regions.strings(k),
      isDemo: i.isDemo[k] === 1,
    }),
  };
}

export function snapshotSource(build: SnapshotBuild, now = new Date()): MatchSource {
  const { snapshot, rounds, seats, tokens } = build;
  const p = snapshot.projects;
  const v = snapshot.investors;
  const i = snapshot.institutions;
  const display = displayOf(snapshot);
  const perRound = seatsPerRound(build);
  const investors: EntitySource = {
    n: v.n,
    ids: v.ids,
    industries: (k) => v.industries.strings(k),
    stages: (k) => v.stages.codes(k),
    ticketMin: (k) => intOrNull(v.ticketMin[k]!),
    ticketMax: (k) => intOrNull(v.ticketMax[k]!),
    regions: (k) => v.regions.strings(k),
    tokens: tokens.investors,
    summary: display.investor,
  };
  const institutions: EntitySource = {
    n: i.n,
    ids: i.ids,
    industries: (k) => i.industries.strings(k),
    stages: (k) => i.stages.codes(k),
    ticketMin: (k) => intOrNull(i.ticketMin[k]!),
    ticketMax: (k) => intOrNull(i.ticketMax[k]!),
    regions: (k) => i.regions.strings(k),
    tokens: tokens.institutions,
    summary: display.institution,
  };
  return {
    now: now.toISOString().slice(0, 10),
    words: tokens.words,
    investors,
    institutions,
    projects: {
      n: p.n,
      ids: p.ids,
      name: display.projectName,
      industryId: (k) => p.industryId.get(k) ?? '',
      industries: (k) => p.industries.strings(k),
      firstTag: (k) => {
        const tags = p.tags.codes(k);
        return tags.length ? (p.tags.dictionary!.get(tags[0]!) ?? undefined) : undefined;
      },
      stage: (k) => p.stage[k]!,
      amount: (k) => intOrNull(p.amountSought[k]!),
      provinceCode: (k) => p.provinceCode.get(k),
      cityCode: (k) => p.cityCode.get(k),
      tokens: tokens.projects,
      owner: (k) => p.owner[k]!,
    },
    deals: {
      n: seats.n,
      roundId: (k) => rounds.ids[seats.round[k]!]!,
      projectId: (k) => rounds.project[seats.round[k]!]!,
      day: (k) => rounds.day[seats.round[k]!]!,
      stage: (k) => rounds.stage[seats.round[k]!]!,
      amount: (k) => intOrNull(rounds.amount[seats.round[k]!]!),
      investorCount: (k) => perRound[seats.round[k]!]!,
      investorId: (k) => orNull(seats.investor[k]!),
      institutionId: (k) => orNull(seats.institution[k]!),
    },
  };
}
