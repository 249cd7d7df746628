/**
 * Institutions with their latent focus. The focus is clustered the way funds are: one main
 * industry and neighbours on its chain, a stage band and cheque size from the fund's type, the
 * headquarters' province first among its regions. What the fund states is written later
 * (`stateInstitution`), as a noisy view of this.
 */
import { adjacentTopIndustries, getRegion, INDUSTRIES } from '../reference/index.js';
import { FUND_CITIES, INSTITUTION_PROFILES, type InstitutionProfile, PROJECT_CITIES } from './market.js';
import { fundWord, UniqueNames } from './names.js';
import { niceAmount, type Random } from './random.js';
import type { DemoInstitution, LatentPreference, WeightedId } from './types.js';
import { VOCAB } from './vocab/index.js';

const TOP_WEIGHTS = INDUSTRIES.map((top) => VOCAB[top.id]!.weight);

/** A top industry by market weight, then up to n-1 more, preferring its chain neighbours. */
export function pickIndustryCluster(rng: Random, count: number): string[] {
  const first = INDUSTRIES[rng.weightedIndex(TOP_WEIGHTS)]!.id;
  const chosen = [first];
  while (chosen.length < count) {
    const neighbours = adjacentTopIndustries(first).filter((id) => !chosen.includes(id));
    const next =
      neighbours.length > 0 && rng.chance(0.65)
        ? rng.pick(neighbours)
        : INDUSTRIES[rng.weightedIndex(TOP_WEIGHTS)]!.id;
    if (!chosen.includes(next)) chosen.push(next);
  }
  return chosen;
}

/** Weights that fall off from the first: 0.5, 0.25, 0.15 … with noise. */
export function decayingWeights<T>(rng: Random, ids: T[]): WeightedId<T>[] {
  const raw = ids.map((id, i) => ({ id, weight: (1 / (i + 1) ** 1.1) * rng.float(0.75, 1.25) }));
  const total = raw.reduce((sum, item) => sum + item.weight, 0);
  return raw.map((item) => ({ id: item.id, weight: Math.round((item.weight / total) * 1000) / 1000 }));
}

function pickCity(rng: Random, cities: [string, number][]): string {
  return cities[rng.weightedIndex(cities.map((c) => c[1]))]![0];
}

function provinceOf(cityCode: string): string {
  return getRegion(cityCode)?.parentCode ?? cityCode;
}

function latentRegions(rng: Random, hqCity: string, profile: InstitutionProfile): WeightedId[] {
  const home = provinceOf(hqCity);
  const others = new Set<string>();
  const extra = profile.type === '政府引导基金' ? 0 : rng.int(1, 3);
  while (others.size < extra) {
    const province = provinceOf(pickCity(rng, PROJECT_CITIES));
    if (province !== home) others.add(province);
  }
  return decayingWeights(rng, [home, ...others]);
}

function latentStages(rng: Random, profile: InstitutionProfile): WeightedId<number>[] {
  const raw = profile.stages.map((s) => ({ id: s.id, weight: s.weight * rng.logNormal(1, 0.35) }));
  const total = raw.reduce((sum, s) => sum + s.weight, 0);
  return raw.map((s) => ({ id: s.id, weight: Math.round((s.weight / total) * 1000) / 1000 }));
}

export interface InstitutionDraft extends DemoInstitution {
  profile: InstitutionProfile;
}

const SUFFIXES: Record<string, { legal: string[]; short: string[] }> = {
  VC: {
    legal: ['创业投资管理有限公司', '投资管理有限公司', '私募基金管理有限公司'],
    short: ['资本', '创投', '投资'],
  },
  天使: { legal: ['天使投资管理有限公司', '创业投资有限公司'], short: ['天使', '创投', '种子基金'] },
  PE: {
    legal: ['股权投资基金管理有限公司', '私募股权投资管理有限公司'],
    short: ['资本', '投资', '股权投资'],
  },
  CVC: { legal: ['产业投资有限公司', '创新投资有限公司'], short: ['产业投资', '战投', '创新投资'] },
  政府引导基金: {
    legal: ['产业投资引导基金有限公司', '创新投资引导基金管理有限公司'],
    short: ['引导基金', '产业基金'],
  },
  FOF: { legal: ['母基金管理有限公司'], short: ['母基金', 'FOF'] },
  券商直投: { legal: ['创新投资有限公司', '证券投资有限公司'], short: ['证券直投', '创新投资'] },
  家族办公室: { legal: ['家族办公室管理有限公司', '资产管理有限公司'], short: ['家族办公室', '家办'] },
};

export function generateInstitutions(rng: Random, count: number, now: Date): InstitutionDraft[] {
  const names = new UniqueNames();
  const nowYear = now.getUTCFullYear();
  const out: InstitutionDraft[] = [];
  for (let id = 1; id <= count; id++) {
    const profile = INSTITUTION_PROFILES[rng.weightedIndex(INSTITUTION_PROFILES.map((p) => p.share))]!;
    const hqCity =
      profile.type === '政府引导基金' ? pickCity(rng, PROJECT_CITIES) : pickCity(rng, FUND_CITIES);
    const city = getRegion(hqCity)!;
    const suffix = SUFFIXES[profile.type]!;
    let word = '';
    const shortName = names.take(() => {
      word = fundWord(rng);
      const short = rng.pick(suffix.short);
      return profile.type === '政府引导基金' ? `${city.shortName}${word}${short}` : `${word}${short}`;
    });
    const legalSuffix = rng.pick(suffix.legal);
    const name =
      profile.type === '政府引导基金' || rng.chance(0.7)
        ? `${city.name}${word}${legalSuffix}`
        : `${word}（${city.shortName}）${legalSuffix}`;

    const industries = decayingWeights(rng, pickIndustryCluster(rng, rng.int(...profile.industryCount)));
    const subIndustries = industries.flatMap((industry) => {
      const top = INDUSTRIES.find((t) => t.id === industry.id)!;
      return rng.sample(top.subs, rng.int(1, 3)).map((sub) => sub.id);
    });
    const ticketCenter = Math.sqrt(profile.ticket[0] * profile.ticket[1]) * rng.logNormal(1, 0.35);
    const aumMin = niceAmount(rng.logNormal(Math.sqrt(profile.aum[0] * profile.aum[1]), 0.5));
    const foundedYear = rng.int(Math.max(1995, nowYear - 25), nowYear - 2);
    const regionOpenness = Math.min(1, Math.max(0.02, profile.regionOpenness + rng.float(-0.1, 0.1)));
    const latent: LatentPreference = {
      industries,
      subIndustries,
      stages: latentStages(rng, profile),
      ticket: { min: niceAmount(ticketCenter / 2.2), max: niceAmount(ticketCenter * 2.2) },
      regions: latentRegions(rng, hqCity, profile),
      regionOpenness: Math.round(regionOpenness * 100) / 100,
      activity: 0,
      activeFrom: `${Math.max(foundedYear, nowYear - 12)}-01-01`,
      activeUntil: null,
    };
    out.push({
      id,
      externalId: `demo-org-${String(id).padStart(5, '0')}`,
      name,
      shortName,
      type: profile.type,
      foundedYear,
      aumMin,
      aumMax: niceAmount(aumMin * rng.float(1.5, 3)),
      currency: 'CNY',
      regions: [],
      industries: [],
      stages: [],
      ticketMin: 0,
      ticketMax: 0,
      thesis: '',
      description: '',
      hqCityCode: hqCity,
      latent,
      profile,
    });
  }
  return out;
}
