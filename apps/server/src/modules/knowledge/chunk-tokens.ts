/**
 * Chunk text as search tokens: jieba's search-mode cut (lib/text.ts), kept with repeats so
 * BM25 knows how often a chunk says a word, and stripped of what a `simple` tsquery would
 * read as an operator, so the stored string is both the tsvector source and the term counts.
 */
import { tokenize } from '../../lib/text.js';

const OPERATOR = /[\s'&|!:*()<>\\]/g;

export function cleanTerm(token: string): string {
  return token.replace(OPERATOR, '');
}

/** Space-joined tokens with repeats. */
export function chunkTokens(text: string): string {
  const out: string[] = [];
  for (const token of tokenize(text)) {
    const term = cleanTerm(token);
    if (term) out.push(term);
  }
  return out.join(' ');
}

/** Term frequencies of a stored token string. */
export function termCounts(tokens: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of tokens.split(' ')) if (term) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}
