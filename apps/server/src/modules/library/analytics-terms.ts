/**
 * Reading a question for the assistant's analyst tools (issue 15): the industries, stages
 * and regions it names (the search vocabulary, read with jieba by parseKeyword), industry
 * words that are too broad to pick one industry (新能源, 医疗 → a question back with
 * choices), and names of library records found in the text (fuzzy: a name, short name,
 * brand name; the closest names for one the library does not hold).
 */
import { sql } from 'drizzle-orm';
import { nameGrams } from '../../lib/text.js';
import { type Db, selectRows } from '../../platform/database/index.js';
import { parseKeyword } from './search/parse-keyword.js';
import { getVocabulary, industryName, normalizeWord } from './search/vocabulary.js';

export interface QuestionTerms {
  industryIds: string[];
  industryNames: string[];
  stages: number[];
  regionCodes: string[];
  regionNames: string[];
  /** Broad words naming several industries: ask which one is meant. */
  ambiguous: { word: string; choices: { id: string; name: string }[] }[];
  /** The words the vocabulary recognised (not entity names). */
  recognizedWords: string[];
}

/** Broad words and the industries they may mean (ids of the taxonomy). */
const BROAD_WORDS: Record<string, string[]> = {
  新能源: ['nev', 'energy-storage', 'photovoltaic', 'hydrogen'],
  医疗: ['biomedicine', 'medical-device', 'medical-service', 'health'],
  医疗健康: ['biomedicine', 'medical-device', 'medical-service', 'health'],
  大医疗: ['biomedicine', 'medical-device', 'medical-service', 'health'],
  硬科技: ['semiconductor', 'frontier-tech', 'advanced-manufacturing', 'aerospace'],
  电商: ['new-retail', 'cross-border'],
  汽车: ['nev', 'auto-aftermarket'],
  能源: ['nev', 'energy-storage', 'photovoltaic', 'hydrogen'],
  清洁能源: ['energy-storage', 'photovoltaic', 'hydrogen'],
};

export async function readQuestionTerms(db: Db, question: string): Promise<QuestionTerms> {
  const vocabulary = await getVocabulary(db);
  const parsed = parseKeyword(question, vocabulary);
  const text = question.normalize('NFKC').toLowerCase();
  const ambiguous: QuestionTerms['ambiguous'] = [];
  for (const [word, ids] of Object.entries(BROAD_WORDS)) {
    if (!text.includes(word)) continue;
    // A word inside a named industry (新能源汽车, 医疗器械) is not broad.
    const inNamed = parsed.industryIds.some((id) => {
      const entry = vocabulary.industries.get(id);
      return [entry?.name ?? '', ...(entry?.synonyms ?? [])].some(
        (n) =>
          normalizeWord(n) !== word && normalizeWord(n).includes(word) && text.includes(normalizeWord(n)),
      );
    });
    if (inNamed) continue;
    if (ambiguous.some((a) => a.word.includes(word))) continue;
    const choices = ids
      .filter((id) => vocabulary.industries.has(id))
      .map((id) => ({ id, name: industryName(vocabulary, id) }));
    if (choices.length > 1) ambiguous.push({ word, choices });
  }
  // The broad word's own guess (储能 for 新能源 via a synonym) is dropped: the reader chooses.
  const industryIds = ambiguous.length
    ? parsed.industryIds.filter((id) => !ambiguous.some((a) => a.choices.some((c) => c.id === id)))
    : parsed.industryIds;
  return {
    industryIds,
    industryNames: industryIds.map((id) => industryName(vocabulary, id)).filter(Boolean),
    stages: parsed.stages,
    regionCodes: parsed.regionCodes,
    regionNames: parsed.regionCodes.map((c) => vocabulary.regions.get(c)?.shortName ?? c),
    ambiguous,
    recognizedWords: parsed.recognizedWords,
  };
}

/** The taxonomy's top industries (id, name), for follow-up choices and validation. */
export async function topIndustries(db: Db): Promise<{ id: string; name: string }[]> {
  const vocabulary = await getVocabulary(db);
  return [...vocabulary.industries.values()]
    .filter((e) => !e.parentId)
    .map((e) => ({ id: e.id, name: e.name }));
}

export type NamedKind = 'project' | 'institution' | 'investor';

export interface NamedEntity {
  kind: NamedKind;
  id: number;
  name: string;
  /** Short name, brand name, or an investor's institution. */
  alias: string;
}

interface NameEntry extends NamedEntity {
  keys: string[];
  /** Bigrams of each name (full name, short or brand name). */
  grams: Set<string>[];
}

interface NameIndex {
  at: number;
  entries: NameEntry[];
}

const NAME_TTL_MS = 60_000;
const nameCache = new WeakMap<Db, Promise<NameIndex>>();
const nameTimes = new WeakMap<Db, number>();

async function loadNames(db: Db): Promise<NameIndex> {
  const [orgs, people, projects, vocabulary] = await Promise.all([
    selectRows<{ id: string | number; name: string; short_name: string }>(
      db,
      sql`select id, name, short_name from institutions`,
    ),
    selectRows<{ id: string | number; name: string; org: string | null }>(
      db,
      sql`select i.id, i.name, coalesce(nullif(o.short_name, ''), o.name) as org
          from investors i left join institutions o on o.id = i.institution_id`,
    ),
    selectRows<{ id: string | number; name: string; brand_name: string }>(
      db,
      sql`select id, name, brand_name from projects`,
    ),
    getVocabulary(db),
  ]);
  const entries: NameEntry[] = [];
  const isWord = (k: string) => vocabulary.words.has(k);
  const add = (kind: NamedKind, id: number, name: string, alias: string, keys: string[]) => {
    const clean = [...new Set(keys.map(normalizeWord).filter((k) => k.length >= 2 && !isWord(k)))];
    entries.push({
      kind,
      id,
      name,
      alias,
      keys: clean,
      grams: keys.filter(Boolean).map((k) => new Set(nameGrams(k))),
    });
  };
  for (const o of orgs) add('institution', Number(o.id), o.name, o.short_name, [o.name, o.short_name]);
  for (const p of projects) add('project', Number(p.id), p.name, p.brand_name, [p.name, p.brand_name]);
  for (const i of people) add('investor', Number(i.id), i.name, i.org ?? '', [i.name]);
  return { at: Date.now(), entries };
}

function nameIndex(db: Db): Promise<NameIndex> {
  const at = nameTimes.get(db) ?? 0;
  let hit = nameCache.get(db);
  if (!hit || Date.now() - at > NAME_TTL_MS) {
    hit = loadNames(db);
    nameCache.set(db, hit);
    nameTimes.set(db, Date.now());
    hit.catch(() => nameCache.delete(db));
  }
  return hit;
}

/** Forget the cached names (the library changed). */
export function clearNameIndex(db: Db) {
  nameCache.delete(db);
}

/**
 * Library records named in a text, longest names first, no two overlapping. Investors (people's
 * names) only when `kinds` asks for them.
 */
export async function findNamedEntities(
  db: Db,
  text: string,
  kinds: NamedKind[] = ['institution', 'project', 'investor'],
): Promise<(NamedEntity & { matched: string; at: number })[]> {
  const { entries } = await nameIndex(db);
  const haystack = text.normalize('NFKC').toLowerCase();
  const hits: (NamedEntity & { matched: string; at: number })[] = [];
  for (const e of entries) {
    if (!kinds.includes(e.kind)) continue;
    for (const key of e.keys) {
      const at = haystack.indexOf(key);
      if (at >= 0) {
        hits.push({ kind: e.kind, id: e.id, name: e.name, alias: e.alias, matched: key, at });
        break;
      }
    }
  }
  hits.sort((a, b) => b.matched.length - a.matched.length || kinds.indexOf(a.kind) - kinds.indexOf(b.kind));
  const taken: [number, number][] = [];
  const out: typeof hits = [];
  for (const h of hits) {
    const end = h.at + h.matched.length;
    if (taken.some(([s, e]) => h.at < e && end > s)) continue;
    taken.push([h.at, end]);
    out.push(h);
  }
  return out.sort((a, b) => a.at - b.at);
}

/** The exact record for a name, if any (name, short or brand name; case and width ignored). */
export async function lookupName(db: Db, name: string, kinds: NamedKind[]): Promise<NamedEntity | null> {
  const key = normalizeWord(name);
  const { entries } = await nameIndex(db);
  for (const kind of kinds) {
    const e = entries.find((x) => x.kind === kind && x.keys.includes(key));
    if (e) return { kind: e.kind, id: e.id, name: e.name, alias: e.alias };
  }
  return null;
}

/** Records whose names share the most bigrams with `name` (Dice), best first; none below 0.2. */
export async function closestNames(
  db: Db,
  name: string,
  kinds: NamedKind[],
  limit = 3,
): Promise<(NamedEntity & { similarity: number })[]> {
  const { entries } = await nameIndex(db);
  const grams = new Set(nameGrams(name));
  if (!grams.size) return [];
  const scored: (NamedEntity & { similarity: number })[] = [];
  for (const e of entries) {
    if (!kinds.includes(e.kind)) continue;
    let similarity = 0;
    for (const set of e.grams) {
      let common = 0;
      for (const g of grams) if (set.has(g)) common++;
      if (common) similarity = Math.max(similarity, (2 * common) / (grams.size + set.size));
    }
    if (similarity >= 0.2) scored.push({ kind: e.kind, id: e.id, name: e.name, alias: e.alias, similarity });
  }
  return scored.sort((a, b) => b.similarity - a.similarity || a.id - b.id).slice(0, limit);
}
