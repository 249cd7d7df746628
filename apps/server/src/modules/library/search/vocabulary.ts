/**
 * The words search understands in a keyword: stage words (A轮, Pre-A, 天使轮 → the spec's
 * stage codes), industry names and their synonyms (from the industries table plus a small
 * built-in list: 新能源车 → 新能源汽车, AI → 人工智能) and region names (深圳, 广东省).
 * Industries and regions are read from the database and kept per database for a minute,
 * so imported reference data shows up without a restart.
 */
import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../../platform/database/index.js';

export type Recognized =
  | { kind: 'stage'; code: number }
  | { kind: 'industry'; id: string }
  | { kind: 'region'; code: string }
  /** A synonym of something the taxonomy does not have: searched as these words. */
  | { kind: 'synonym'; words: string[] };

export interface IndustryEntry {
  id: string;
  parentId: string | null;
  name: string;
  synonyms: string[];
  /** Itself and, for a top industry, its sub-industries. */
  withSubs: string[];
}

export interface RegionEntry {
  code: string;
  parentCode: string | null;
  name: string;
  shortName: string;
  /** Itself and, for a province, its cities. */
  withCities: string[];
}

export interface Vocabulary {
  industries: Map<string, IndustryEntry>;
  regions: Map<string, RegionEntry>;
  words: Map<string, Recognized>;
  maxWordLength: number;
}

/** Other words users type for an industry; the value is the taxonomy name (or names) meant. */
const BUILTIN_SYNONYMS: Record<string, string[]> = {
  新能源车: ['新能源汽车'],
  电动车: ['新能源汽车'],
  电动汽车: ['新能源汽车'],
  ai: ['人工智能'],
  大模型: ['人工智能'],
  aigc: ['人工智能'],
  机器学习: ['人工智能'],
  芯片: ['半导体', '集成电路'],
  集成电路: ['半导体'],
  生物医药: ['医疗健康', '生物医药'],
  医药: ['医疗健康'],
  医疗: ['医疗健康'],
  光伏: ['新能源'],
  储能: ['新能源'],
  saas: ['企业服务'],
  企服: ['企业服务'],
  电商: ['电子商务'],
  区块链: ['区块链'],
  机器人: ['机器人', '智能制造'],
};

const LETTER_STAGES: [string, number][] = [
  ['a', 3],
  ['b', 4],
  ['c', 5],
  ['d', 6],
  ['e', 7],
  ['f', 8],
  ['g', 8],
  ['h', 8],
];

const NAMED_STAGES: [string, number][] = [
  ['种子轮', 1],
  ['种子', 1],
  ['天使轮', 2],
  ['天使', 2],
  ['股权融资', 9],
  ['战略投资', 10],
  ['战略融资', 10],
  ['战略轮', 10],
  ['战投', 10],
  ['债权融资', 11],
  ['并购', 12],
  ['基石轮', 30],
  ['定向增发', 31],
  ['定增', 31],
  ['pre-ipo', 32],
  ['pre ipo', 32],
  ['preipo', 32],
  ['ipo', 33],
];

/** 'A轮', 'a+轮', 'Pre-A', 'pre a轮' …: Pre-A and A+ count as the A round (the spec has no code for them). */
function stageWords(): [string, number][] {
  const words: [string, number][] = [...NAMED_STAGES];
  for (const [letter, code] of LETTER_STAGES) {
    for (const plus of ['', '+', '++']) {
      for (const round of ['轮', ' 轮']) words.push([`${letter}${plus}${round}`, code]);
      for (const pre of ['pre-', 'pre ', 'pre']) {
        words.push([`${pre}${letter}${plus}`, code]);
        words.push([`${pre}${letter}${plus}轮`, code]);
      }
    }
  }
  return words;
}

export const normalizeWord = (word: string) => word.normalize('NFKC').toLowerCase().trim();

interface Cached {
  at: number;
  ttl: number;
  value: Promise<Vocabulary>;
}
const cache = new WeakMap<Db, Cached>();

export async function getVocabulary(db: Db): Promise<Vocabulary> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < hit.ttl) return hit.value;
  const value = loadVocabulary(db);
  // A failed load is not cached; an empty taxonomy (data still loading) is retried soon.
  const entry: Cached = { at: Date.now(), ttl: 60_000, value };
  cache.set(db, entry);
  value.then(
    (v) => {
      if (v.industries.size === 0) entry.ttl = 2_000;
    },
    () => cache.delete(db),
  );
  return value;
}

/** Forget the cached taxonomy (after an import changed it). */
export function clearVocabulary(db: Db) {
  cache.delete(db);
}

async function loadVocabulary(db: Db): Promise<Vocabulary> {
  const [industryRows, regionRows] = await Promise.all([
    selectRows<{ id: string; parent_id: string | null; name: string; synonyms: string[] }>(
      db,
      sql`select id, parent_id, name, synonyms from industries order by sort, id`,
    ),
    selectRows<{ code: string; parent_code: string | null; name: string; short_name: string }>(
      db,
      sql`select code, parent_code, name, short_name from regions order by code`,
    ),
  ]);
  const industries = new Map<string, IndustryEntry>();
  for (const row of industryRows) {
    industries.set(row.id, {
      ...row,
      parentId: row.parent_id,
      synonyms: row.synonyms ?? [],
      withSubs: [row.id],
    });
  }
  for (const entry of industries.values()) {
    if (entry.parentId) industries.get(entry.parentId)?.withSubs.push(entry.id);
  }
  const regions = new Map<string, RegionEntry>();
  for (const row of regionRows) {
    regions.set(row.code, {
      code: row.code,
      parentCode: row.parent_code,
      name: row.name,
      shortName: row.short_name,
      withCities: [row.code],
    });
  }
  for (const entry of regions.values()) {
    if (entry.parentCode) regions.get(entry.parentCode)?.withCities.push(entry.code);
  }
  return { industries, regions, ...buildWords(industries, regions) };
}

function buildWords(industries: Map<string, IndustryEntry>, regions: Map<string, RegionEntry>) {
  const words = new Map<string, Recognized>();
  const add = (word: string, meaning: Recognized) => {
    const key = normalizeWord(word);
    // Stage words first, then industries, then regions: the first meaning of a word wins.
    if (key.length >= 2 && !words.has(key)) words.set(key, meaning);
  };
  for (const [word, code] of stageWords()) add(word, { kind: 'stage', code });
  const byName = new Map<string, string>();
  // Top industries before sub-industries, so a name both use means the top one.
  const ordered = [...industries.values()].sort((a, b) => Number(!!a.parentId) - Number(!!b.parentId));
  for (const entry of ordered) {
    byName.set(normalizeWord(entry.name), entry.id);
    add(entry.name, { kind: 'industry', id: entry.id });
    for (const synonym of entry.synonyms) add(synonym, { kind: 'industry', id: entry.id });
  }
  for (const [word, meant] of Object.entries(BUILTIN_SYNONYMS)) {
    const id = meant.map((name) => byName.get(normalizeWord(name))).find(Boolean);
    add(word, id ? { kind: 'industry', id } : { kind: 'synonym', words: meant });
  }
  for (const entry of regions.values()) {
    add(entry.name, { kind: 'region', code: entry.code });
    add(entry.shortName, { kind: 'region', code: entry.code });
  }
  let maxWordLength = 0;
  for (const key of words.keys()) maxWordLength = Math.max(maxWordLength, key.length);
  return { words, maxWordLength };
}

export function industryName(vocabulary: Vocabulary, id: string | null | undefined): string {
  return (id && vocabulary.industries.get(id)?.name) || '';
}

/** 广东省 · 深圳市 → 深圳 (the city's short name when known, else the province's). */
export function regionName(vocabulary: Vocabulary, province: string | null, city: string | null): string {
  const cityEntry = city ? vocabulary.regions.get(city) : undefined;
  const provinceEntry = province ? vocabulary.regions.get(province) : undefined;
  if (cityEntry && provinceEntry && provinceEntry.shortName !== cityEntry.shortName) {
    return `${provinceEntry.shortName} · ${cityEntry.shortName}`;
  }
  return cityEntry?.shortName || provinceEntry?.shortName || '';
}

/** Every id an industry filter covers: a top industry includes its sub-industries. */
export function expandIndustries(vocabulary: Vocabulary, ids: readonly string[]): string[] {
  const out = new Set<string>();
  for (const id of ids) for (const sub of vocabulary.industries.get(id)?.withSubs ?? [id]) out.add(sub);
  return [...out];
}

/** Every code a region filter covers: a province includes its cities. */
export function expandRegions(vocabulary: Vocabulary, codes: readonly string[]): string[] {
  const out = new Set<string>();
  for (const code of codes) for (const c of vocabulary.regions.get(code)?.withCities ?? [code]) out.add(c);
  return [...out];
}
