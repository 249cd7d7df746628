/**
 * Projects: industry by market weight, a sub-industry and a product line in it (projects on the
 * same line are direct competitors), a city where the industry clusters, the stage it raises
 * now (mostly early), and the rounds behind it with dates that grow denser towards today.
 * Investors of those rounds are drawn later (generate-rounds.ts); texts last (texts.ts).
 */
import { getRegion, INDUSTRIES, STAGE_LADDER } from '../reference/index.js';
import type { DemoContacts } from './contacts.js';
import { addDays, formatWan, isoDate, vagueAmount } from './format.js';
import { INDUSTRY_CLUSTERS, PROJECT_CITIES, PROJECT_STAGE_MIX, STAGE_AMOUNTS } from './market.js';
import { brandWord, UniqueNames } from './names.js';
import { generatePatents, generateTeam } from './people.js';
import { niceAmount, type Random } from './random.js';
import type { DemoProject, DemoRound } from './types.js';
import { VOCAB } from './vocab/index.js';

const TOP_WEIGHTS = INDUSTRIES.map((top) => VOCAB[top.id]!.weight);
const MAX_HISTORY_DAYS = 6 * 365;

export function roundAmount(rng: Random, stage: number): number {
  const range = STAGE_AMOUNTS[stage] ?? STAGE_AMOUNTS[0]!;
  const value = rng.logNormal(range.median, 0.45);
  return niceAmount(Math.min(range.max, Math.max(range.min, value)));
}

function pickCity(rng: Random, industryId: string): string {
  const clusters = INDUSTRY_CLUSTERS[industryId] ?? [];
  const weights = PROJECT_CITIES.map(([code, w]) =>
    clusters.includes(`${code.slice(0, 2)}0000`) ? w * 3 : w,
  );
  return PROJECT_CITIES[rng.weightedIndex(weights)]![0];
}

/** Stages of the rounds before the one sought now, oldest first, at most 5. */
function historyStages(rng: Random, sought: number): number[] {
  const ladderIndex = STAGE_LADDER.indexOf(sought as (typeof STAGE_LADDER)[number]);
  // Off-ladder stages (战略投资, 未披露 …) come to companies at some point on the ladder.
  const index = ladderIndex >= 0 ? ladderIndex : rng.int(1, 5);
  if (index === 0) return [];
  const count = Math.min(5, index, rng.int(Math.ceil(index * 0.4), index));
  const stages: number[] = STAGE_LADDER.slice(index - count, index);
  // Many companies start at the angel round: a seed round before it is often skipped.
  if (stages[0] === 1 && stages.length > 1 && rng.chance(0.5)) stages.shift();
  if (stages.length >= 2 && stages.at(-1)! >= 4 && rng.chance(0.18))
    stages.splice(rng.int(1, stages.length - 1), 0, 10);
  return stages.slice(-5);
}

function companyName(rng: Random, cityCode: string, brand: string, industryId: string): string {
  const city = getRegion(cityCode)!;
  const place = rng.chance(0.55) ? city.name : city.shortName;
  const vocab = VOCAB[industryId]!;
  if (vocab.companySuffix && rng.chance(0.7)) return `${place}${brand}${rng.pick(vocab.companySuffix)}`;
  const word = rng.pick(vocab.nameWords);
  return `${place}${brand}${word}${/(科技|技术|软件|装备)$/u.test(word) ? '有限公司' : '科技有限公司'}`;
}

export interface ProjectDraft extends DemoProject {
  rounds: Omit<DemoRound, 'id' | 'investors'>[];
  techs: string[];
  customers: string[];
}

export function generateProjects(
  rng: Random,
  count: number,
  now: Date,
  contacts: DemoContacts,
): ProjectDraft[] {
  const names = new UniqueNames();
  const brands = new UniqueNames();
  const nowYear = now.getUTCFullYear();
  const out: ProjectDraft[] = [];
  for (let id = 1; id <= count; id++) {
    const top = INDUSTRIES[rng.weightedIndex(TOP_WEIGHTS)]!;
    const vocab = VOCAB[top.id]!;
    const sub = rng.pick(top.subs);
    const productLine = rng.pick(vocab.products[sub.id]!);
    const cityCode = pickCity(rng, top.id);
    const stage = PROJECT_STAGE_MIX[rng.weightedIndex(PROJECT_STAGE_MIX.map((s) => s.weight))]!.id;

    let brand = '';
    try {
      brand = brands.take(() => brandWord(rng), 12);
    } catch {
      brand = brandWord(rng); // the pool is smaller than a large set: brands repeat, legal names don't
    }
    const name = names.take(() => companyName(rng, cityCode, brand, top.id), 200);

    // Rounds: the latest within ~3.5 years, denser recently; earlier ones 9-26 months apart.
    const stages = historyStages(rng, stage);
    let cursor = addDays(now, -(5 + rng.next() ** 1.7 * 1250));
    const rounds: ProjectDraft['rounds'] = [];
    for (let i = stages.length - 1; i >= 0; i--) {
      if (now.getTime() - cursor.getTime() > MAX_HISTORY_DAYS * 86_400_000) break;
      const roundStage = stages[i]!;
      const amount = roundAmount(rng, roundStage);
      const isDisclosed = rng.chance(0.85);
      rounds.unshift({
        projectId: id,
        date: isoDate(cursor),
        stage: roundStage,
        amount: isDisclosed ? amount : null,
        amountText: isDisclosed ? `${formatWan(amount)}人民币` : vagueAmount(amount),
      });
      cursor = addDays(cursor, -rng.float(270, 790));
    }
    const firstYear = rounds[0] ? Number(rounds[0].date.slice(0, 4)) : nowYear - rng.int(0, 2);
    const foundedYear = Math.min(nowYear, firstYear - rng.int(0, 2) - (stage >= 4 && !rounds.length ? 4 : 0));
    const last = rounds.at(-1);
    const disclosed = rounds.filter((r) => r.amount !== null);
    const team = generateTeam(rng, top.id, contacts);

    out.push({
      id,
      externalId: `demo-project-${String(id).padStart(6, '0')}`,
      name,
      brandName: brand,
      industryId: top.id,
      subIndustryId: sub.id,
      productLine,
      industries: [top.id, sub.id],
      tags: [],
      stage,
      amountSought: roundAmount(rng, stage),
      provinceCode: getRegion(cityCode)!.parentCode!,
      cityCode,
      foundedYear,
      description: '',
      products: '',
      team: team.members,
      patents: generatePatents(rng, top.id, productLine, rng.sample(vocab.techs, 3), foundedYear, now),
      contacts: team.contacts,
      latestRoundAt: last?.date ?? null,
      latestRoundStage: last?.stage ?? null,
      totalRaised: disclosed.length ? disclosed.reduce((sum, r) => sum + r.amount!, 0) : null,
      rounds,
      techs: rng.sample(vocab.techs, 2),
      customers: rng.sample(vocab.customers, 2),
    });
  }
  return out;
}
