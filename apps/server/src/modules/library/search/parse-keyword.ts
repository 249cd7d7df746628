/**
 * Reading a search keyword: normalised (NFKC, lower case, tsquery syntax stripped, at most
 * 100 characters), stage, industry and region words recognised (新能源汽车 A轮 → industry
 * 新能源汽车 + stage 3), and the remaining words turned into tokens (jieba) and name grams
 * (CJK bigrams) that the SQL matches. Nothing a user types can break the tsquery: only
 * letters and digits ever reach it.
 */
import { KEYWORD_MAX_CHARS } from '@jq/contract';
import { cleanToken, headTokens, nameGrams, tokenize } from '../../../lib/text.js';
import { normalizeWord, type Vocabulary } from './vocabulary.js';

export interface ParsedKeyword {
  /** The keyword as searched (normalised, clamped). '' means browsing with filters. */
  text: string;
  stages: number[];
  industryIds: string[];
  regionCodes: string[];
  /** Industry words and synonyms: a row is in the industry, or its text or name says the word. */
  topics: Topic[];
  /** The words recognised (for highlighting), and synonyms' expansions. */
  recognizedWords: string[];
  /** What is left after the recognised words: searched in names and text. */
  rest: string;
  /** Name grams of the whole keyword and of the rest; the last one may be a prefix. */
  fullGrams: NameGrams;
  restGrams: NameGrams;
  /** The rest's words (jieba tokens not inside a longer token): a row must have all of them. */
  restWords: string[];
  /** tsquery ranking on any rest word or topic ('' for none). */
  rankQuery: string;
  /** Every token of the rest words and topics, once: relevance counts how many a text has. */
  rankItems: string[];
}

export interface Topic {
  industryId?: string;
  /** tsquery over search tokens: any of the words, each word's tokens all present ('' for none). */
  query: string;
  /** The same as lists: any of the alternatives, each one's tokens all present. */
  alternatives: string[][];
  grams: NameGrams;
}

export interface NameGrams {
  grams: string[];
  /** The last gram is a prefix (one CJK character or a part-typed latin word). */
  isPrefix: boolean;
}

/** `'&|!:*()<>\` and other punctuation separate words; they never reach SQL as syntax. */
const SYNTAX = /['&|!:*()<>\\"`~^@#$%;,，。、；：！？（）【】《》“”‘’\s]+/gu;
/** Words too common to narrow a search (they still count for names and ranking). */
const STOP_TOKENS = new Set([
  '的',
  '了',
  '和',
  '与',
  '及',
  '在',
  '是',
  '有',
  '做',
  '轮',
  '公司',
  '企业',
  '项目',
  '有限',
  '有限公司',
  '相关',
  '哪些',
  '什么',
  '一些',
  '有哪些',
  '投资',
  '机构',
]);

export function normalizeKeyword(raw: string | null | undefined): string {
  const text = (raw ?? '').normalize('NFKC').toLowerCase().replace(SYNTAX, ' ').trim();
  return Array.from(text).slice(0, KEYWORD_MAX_CHARS).join('').trim();
}

const isLatin = (ch: string | undefined) => !!ch && /[a-z0-9]/.test(ch);

/** Keywords recur (hot words, paging, re-sorting): each is parsed once per vocabulary, up to this many. */
const PARSED_MAX = 2000;
const parsedCache = new WeakMap<Vocabulary, Map<string, ParsedKeyword>>();

/** A keyword read against the vocabulary (the answer is shared: do not change it). */
export function parseKeyword(raw: string | null | undefined, vocabulary: Vocabulary): ParsedKeyword {
  const key = raw ?? '';
  let cache = parsedCache.get(vocabulary);
  if (!cache) {
    cache = new Map();
    parsedCache.set(vocabulary, cache);
  }
  let parsed = cache.get(key);
  if (!parsed) {
    parsed = readKeyword(raw, vocabulary);
    if (cache.size >= PARSED_MAX) cache.delete(cache.keys().next().value!);
    cache.set(key, parsed);
  }
  return parsed;
}

function readKeyword(raw: string | null | undefined, vocabulary: Vocabulary): ParsedKeyword {
  const text = normalizeKeyword(raw);
  const stages = new Set<number>();
  const industryIds = new Set<string>();
  const regionCodes = new Set<string>();
  const recognizedWords: string[] = [];
  const expansions: string[] = [];
  const topics: Topic[] = [];
  let rest = '';
  for (let i = 0; i < text.length; ) {
    const found = longestWordAt(text, i, vocabulary);
    if (!found) {
      rest += text[i];
      i += 1;
      continue;
    }
    const { word, meaning } = found;
    if (meaning.kind === 'stage') stages.add(meaning.code);
    else recognizedWords.push(word);
    if (meaning.kind === 'industry' || meaning.kind === 'synonym') {
      const entry = meaning.kind === 'industry' ? vocabulary.industries.get(meaning.id) : undefined;
      const words = entry ? [entry.name, ...entry.synonyms] : meaning.kind === 'synonym' ? meaning.words : [];
      expansions.push(...words);
      if (meaning.kind === 'industry') industryIds.add(meaning.id);
      const alternatives = unique([word, ...words])
        .map((w) => headTokens(tokensOf(w)))
        .filter((tokens) => tokens.length > 0);
      topics.push({
        ...(meaning.kind === 'industry' ? { industryId: meaning.id } : {}),
        query: alternatives.map((tokens) => `(${allQuery(tokens)})`).join(' | '),
        alternatives,
        grams: gramsOf(word, false),
      });
    }
    if (meaning.kind === 'region') regionCodes.add(meaning.code);
    rest += ' ';
    i += word.length;
  }
  rest = rest.replace(/\s+/g, ' ').trim();
  const restWords = headTokens(tokensOf(rest));
  return {
    text,
    stages: [...stages],
    industryIds: [...industryIds],
    regionCodes: [...regionCodes],
    topics,
    recognizedWords: [...new Set([...recognizedWords, ...expansions.map(normalizeWord)])],
    rest,
    fullGrams: gramsOf(text),
    restGrams: gramsOf(rest),
    restWords,
    rankQuery: [...restWords, ...topics.map((t) => t.query && `(${t.query})`)].filter(Boolean).join(' | '),
    rankItems: unique([...restWords, ...topics.flatMap((t) => t.alternatives.flat())]),
  };
}

function longestWordAt(text: string, at: number, vocabulary: Vocabulary) {
  if (isLatin(text[at - 1]) && isLatin(text[at])) return undefined;
  const longest = Math.min(vocabulary.maxWordLength, text.length - at);
  for (let length = longest; length >= 2; length--) {
    const word = text.slice(at, at + length);
    const meaning = vocabulary.words.get(word);
    // A latin word must not run on (ai in "openai", ipo in "hippo").
    if (meaning && !(isLatin(word[word.length - 1]) && isLatin(text[at + length]))) return { word, meaning };
  }
  return undefined;
}

function tokensOf(text: string): string[] {
  if (!text) return [];
  return unique(tokenize(text).map(cleanToken)).filter((t) => t && !STOP_TOKENS.has(t));
}

function gramsOf(text: string, allowPrefix = true): NameGrams {
  if (!text) return { grams: [], isPrefix: false };
  const grams = nameGrams(text).map(cleanToken).filter(Boolean);
  const last = text.split(' ').pop() ?? '';
  const lastIsLatin = allowPrefix && /[a-z0-9]$/.test(last);
  // One CJK character alone (腾) or a latin word being typed (tenc) matches as a prefix.
  const isPrefix = lastIsLatin || (allowPrefix && grams.length === 1 && Array.from(grams[0]!).length === 1);
  if (isPrefix && lastIsLatin) {
    const word = last.match(/[a-z0-9]+$/)![0];
    const index = grams.lastIndexOf(word);
    if (index >= 0) grams.splice(index, 1);
    grams.push(word);
  }
  return { grams: unique(grams).slice(0, 30), isPrefix };
}

const unique = <T>(items: T[]) => [...new Set(items)];

/** `a & b & c:*` over name grams. */
export function nameQuery({ grams, isPrefix }: NameGrams): string {
  return grams.map((g, i) => (isPrefix && i === grams.length - 1 ? `${g}:*` : g)).join(' & ');
}

/** `a & b & c`: every word. */
export function allQuery(words: string[]): string {
  return words.join(' & ');
}
