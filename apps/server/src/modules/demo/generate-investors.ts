/**
 * Investors of each institution and their latent preferences: a subset of the fund's focus
 * (now and then one personal interest beyond it), the fund's stage band with personal noise,
 * a cheque near the fund's, an activity level that grows with seniority, and an activity window
 * (some joined recently, some have stopped investing).
 */
import { adjacentTopIndustries, INDUSTRIES } from '../reference/index.js';
import type { DemoContacts } from './contacts.js';
import { addDays, isoDate } from './format.js';
import type { InstitutionDraft } from './generate-institutions.js';
import { TITLES } from './market.js';
import { personName } from './names.js';
import { niceAmount, type Random } from './random.js';
import type { DemoInvestor, LatentPreference, WeightedId } from './types.js';

/** Head counts per institution summing to `total`, proportional to each fund's size. */
export function allocateInvestors(rng: Random, institutions: InstitutionDraft[], total: number): number[] {
  const sizes = institutions.map((org) => org.profile.size * rng.logNormal(1, 0.45));
  const sum = sizes.reduce((a, b) => a + b, 0);
  const counts = sizes.map((size) => Math.max(1, Math.floor((size / sum) * total)));
  let left = total - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % counts.length, left--) counts[i]! += 1;
  for (let i = 0; left < 0; i = (i + 1) % counts.length) {
    if (counts[i]! > 1) {
      counts[i]! -= 1;
      left++;
    }
  }
  return counts;
}

function jitterWeights<T>(rng: Random, items: WeightedId<T>[], sigma: number): WeightedId<T>[] {
  const raw = items.map((item) => ({ id: item.id, weight: item.weight * rng.logNormal(1, sigma) }));
  const total = raw.reduce((sum, item) => sum + item.weight, 0);
  return raw.map((item) => ({ id: item.id, weight: Math.round((item.weight / total) * 1000) / 1000 }));
}

function personalIndustries(rng: Random, org: InstitutionDraft): WeightedId[] {
  const fund = org.latent.industries;
  const count = Math.min(fund.length, rng.int(1, 3));
  const chosen: string[] = [];
  while (chosen.length < count) {
    const id = fund[rng.weightedIndex(fund.map((f) => f.weight))]!.id;
    if (!chosen.includes(id)) chosen.push(id);
  }
  // A personal interest beyond the fund's focus, usually next door on the chain.
  if (rng.chance(0.12)) {
    const near = adjacentTopIndustries(chosen[0]!).filter((id) => !chosen.includes(id));
    if (near.length) chosen.push(rng.pick(near));
  }
  const weights = chosen.map((id, i) => ({ id, weight: (i === 0 ? 1 : 0.55 / i) * rng.float(0.8, 1.2) }));
  return jitterWeights(rng, weights, 0.1);
}

function personalSubs(rng: Random, org: InstitutionDraft, industries: WeightedId[]): string[] {
  return industries.flatMap((industry) => {
    const fundSubs = org.latent.subIndustries.filter((sub) => sub.startsWith(`${industry.id}.`));
    if (fundSubs.length && rng.chance(0.75)) return rng.sample(fundSubs, rng.int(1, 2));
    const top = INDUSTRIES.find((t) => t.id === industry.id)!;
    return rng.sample(top.subs, rng.int(1, 2)).map((sub) => sub.id);
  });
}

function activityWindow(rng: Random, now: Date): { activeFrom: string; activeUntil: string | null } {
  const r = rng.next();
  const years = (n: number) => isoDate(addDays(now, -n * 365.25));
  if (r < 0.14) return { activeFrom: years(rng.float(0.6, 3)), activeUntil: null };
  if (r < 0.26) return { activeFrom: years(rng.float(7, 10)), activeUntil: years(rng.float(0.7, 3.5)) };
  return { activeFrom: years(rng.float(7, 10)), activeUntil: null };
}

export function generateInvestors(
  rng: Random,
  institutions: InstitutionDraft[],
  total: number,
  now: Date,
  contacts: DemoContacts,
): DemoInvestor[] {
  const counts = allocateInvestors(rng, institutions, total);
  const out: DemoInvestor[] = [];
  institutions.forEach((org, index) => {
    for (let k = 0; k < counts[index]!; k++) {
      const id = out.length + 1;
      const person = personName(rng);
      const title =
        k === 0
          ? rng.pick(TITLES.slice(0, 2))
          : TITLES[Math.min(TITLES.length - 1, 2 + Math.floor(rng.next() ** 0.8 * (TITLES.length - 2)))]!;
      const industries = personalIndustries(rng, org);
      const ticketCenter = Math.sqrt(org.latent.ticket.min * org.latent.ticket.max) * rng.logNormal(1, 0.25);
      const latent: LatentPreference = {
        industries,
        subIndustries: personalSubs(rng, org, industries),
        stages: jitterWeights(rng, org.latent.stages, 0.4),
        ticket: { min: niceAmount(ticketCenter / 2), max: niceAmount(ticketCenter * 2) },
        regions: org.latent.regions,
        regionOpenness:
          Math.round(Math.min(1, Math.max(0.02, org.latent.regionOpenness + rng.float(-0.08, 0.08))) * 100) /
          100,
        // Heavy-tailed but bounded: the busiest partner does a few times the median's deals.
        activity:
          Math.round(org.profile.activity * title.activity * Math.min(3, rng.logNormal(1, 0.55)) * 100) / 100,
        ...activityWindow(rng, now),
      };
      out.push({
        id,
        externalId: `demo-investor-${String(id).padStart(6, '0')}`,
        name: person.name,
        pinyin: person.pinyin,
        institutionId: org.id,
        title: title.title,
        industries: [],
        stages: [],
        ticketMin: 0,
        ticketMax: 0,
        regions: [],
        bio: '',
        phone: contacts.phone(rng),
        email: contacts.email(person.pinyin),
        wechat: contacts.wechat(rng, person.pinyin),
        latent,
      });
    }
  });
  return out;
}
