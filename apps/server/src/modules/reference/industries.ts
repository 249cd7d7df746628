/**
 * The platform's industry taxonomy: about 30 top industries a Chinese VC would use, each with
 * sub-industries, the other names users type for them, and their neighbours on the industry
 * chain. It is reference data in code (the `industries` table is filled from it at start), so
 * import, search and matching agree on one vocabulary.
 */
import { INDUSTRY_LIST_A } from './industry-list-a.js';
import { INDUSTRY_LIST_B } from './industry-list-b.js';
import { INDUSTRY_LIST_HEALTH } from './industry-list-health.js';

export interface SubIndustryDef {
  id: string;
  name: string;
  synonyms: string[];
  /** Sub-industries of other top industries on the same chain (动力电池 ↔ 储能电池). */
  adjacent?: string[];
}

export interface IndustryDef {
  id: string;
  name: string;
  synonyms: string[];
  /** Top industries up- or downstream on the chain (储能 ↔ 光伏 ↔ 新能源汽车). */
  adjacent: string[];
  subs: SubIndustryDef[];
}

/** A row of the `industries` table. */
export interface IndustryRow {
  id: string;
  parentId: string | null;
  name: string;
  synonyms: string[];
  adjacent: string[];
  sort: number;
}

export const INDUSTRIES: readonly IndustryDef[] = [
  ...INDUSTRY_LIST_A,
  ...INDUSTRY_LIST_HEALTH,
  ...INDUSTRY_LIST_B,
];

const byId = new Map<string, IndustryRow>();
const byName = new Map<string, string>();

/** Lower-case, full-width folded, without spaces and a trailing 行业/产业/领域/赛道. */
export function normalizeIndustryName(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/(行业|产业|领域|赛道|方向)$/u, '');
}

function addName(name: string, id: string) {
  const key = normalizeIndustryName(name);
  // The first owner of a name keeps it: a top industry's own name beats a sub's synonym.
  if (key && !byName.has(key)) byName.set(key, id);
}

INDUSTRIES.forEach((top, i) => {
  byId.set(top.id, {
    id: top.id,
    parentId: null,
    name: top.name,
    synonyms: top.synonyms,
    adjacent: top.adjacent,
    sort: (i + 1) * 100,
  });
  top.subs.forEach((sub, j) => {
    byId.set(sub.id, {
      id: sub.id,
      parentId: top.id,
      name: sub.name,
      synonyms: sub.synonyms,
      adjacent: sub.adjacent ?? [],
      sort: (i + 1) * 100 + j + 1,
    });
  });
});
// Names first, then synonyms, so that a name always resolves to its own industry.
for (const row of byId.values()) addName(row.name, row.id);
for (const row of byId.values()) addName(row.id, row.id);
for (const top of INDUSTRIES) for (const s of top.synonyms) addName(s, top.id);
for (const top of INDUSTRIES) for (const sub of top.subs) for (const s of sub.synonyms) addName(s, sub.id);

/** Every row of the `industries` table, tops first in their display order. */
export function industryRows(): IndustryRow[] {
  return [...byId.values()].sort((a, b) => a.sort - b.sort);
}

export function getIndustry(id: string): IndustryRow | undefined {
  return byId.get(id);
}

export function industryName(id: string): string {
  return byId.get(id)?.name ?? id;
}

/** The top-level industry of an id (itself when it is one). */
export function topIndustryId(id: string): string | undefined {
  const row = byId.get(id);
  if (!row) return undefined;
  return row.parentId ?? row.id;
}

/** An industry id from a name, synonym or id the user typed (新能源车 → nev); undefined if unknown. */
export function findIndustry(text: string): string | undefined {
  const key = normalizeIndustryName(text);
  if (!key) return undefined;
  return byName.get(key) ?? byName.get(key.replace(/(科技|技术)$/u, ''));
}

/** Top industries adjacent to this one on the chain, both directions. */
export function adjacentTopIndustries(id: string): string[] {
  const top = topIndustryId(id);
  if (!top) return [];
  const out = new Set(byId.get(top)?.adjacent ?? []);
  for (const other of INDUSTRIES) if (other.adjacent.includes(top)) out.add(other.id);
  out.delete(top);
  return [...out];
}

/** Names a search should match for an industry: its name and every synonym. */
export function industryTerms(id: string): string[] {
  const row = byId.get(id);
  return row ? [row.name, ...row.synonyms] : [];
}
