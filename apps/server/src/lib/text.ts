/**
 * Chinese text for search: jieba segmentation in the application, stored as space-joined
 * tokens in a `simple` tsvector, so full-text search behaves the same on PGlite and on any
 * PostgreSQL without server extensions (ARCHITECTURE.md). Names are also indexed as CJK
 * bigrams, because jieba alone won't find 腾讯 inside 深圳市腾讯计算机系统有限公司 reliably
 * and pg_trgm can't index a 2-character CJK query.
 */
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict';

let jieba: Jieba | undefined;
const getJieba = () => {
  jieba ??= Jieba.withDict(dict);
  return jieba;
};

const WORD = /[\p{L}\p{N}]/u;

/** Lower-cased search tokens of a text: jieba's search-mode cut, punctuation dropped. */
export function tokenize(text: string): string[] {
  if (!text) return [];
  const tokens = getJieba().cutForSearch(text.normalize('NFKC').toLowerCase(), true);
  return tokens.filter((token) => WORD.test(token) && token.trim() === token && token.length <= 40);
}

/** Space-joined unique tokens, ready for `to_tsvector('simple', ...)`. */
export function toSearchText(...parts: (string | null | undefined)[]): string {
  const seen = new Set<string>();
  for (const part of parts) for (const token of tokenize(part ?? '')) seen.add(escapeToken(token));
  return [...seen].join(' ');
}

/** CJK character bigrams plus latin/number words of a name: 腾讯 matches inside any name containing it. */
export function nameGrams(name: string): string[] {
  const grams = new Set<string>();
  const normal = name.normalize('NFKC').toLowerCase();
  for (const run of normal.match(/[\u3400-\u9fff\uf900-\ufaff]+/g) ?? []) {
    const chars = [...run];
    if (chars.length === 1) grams.add(chars[0]!);
    for (let i = 0; i + 1 < chars.length; i++) grams.add(chars[i]! + chars[i + 1]!);
  }
  for (const word of normal.match(/[a-z0-9]+/g) ?? []) grams.add(word);
  return [...grams];
}

export function toNameGramText(...names: (string | null | undefined)[]): string {
  const grams = new Set<string>();
  for (const name of names) for (const gram of nameGrams(name ?? '')) grams.add(gram);
  return [...grams].join(' ');
}

/** tsvector `simple` treats these as separators or operators; keep tokens literal. */
function escapeToken(token: string): string {
  return token.replace(/[\s'&|!:*()<>\\]/g, '');
}

/** Letters and digits only: what a tsquery lexeme may contain here. */
export const cleanToken = (token: string) => token.replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * jieba's search mode gives a word and its parts (集成 成电 电路 集成电路). Texts are cut the
 * same way, so a text with the word has the whole-word token: the parts would only widen
 * the match (集成 in 集成商). Keep the tokens no longer token contains.
 */
export function headTokens(tokens: string[]): string[] {
  return tokens
    .filter((t) => !tokens.some((other) => other.length > t.length && other.includes(t)))
    .slice(0, 8);
}
