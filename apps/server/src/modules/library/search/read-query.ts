/**
 * A question or keyword read in the library's vocabulary, for areas that search the library
 * with words a person wrote (the assistant): the stage, region and industry words it names,
 * the industries an industry filter on it covers (sub-industries included) and their names.
 */
import type { Db } from '../../../platform/database/index.js';
import { type ParsedKeyword, parseKeyword } from './parse-keyword.js';
import { expandIndustries, getVocabulary, industryName } from './vocabulary.js';

export type { ParsedKeyword } from './parse-keyword.js';

export interface QueryReading {
  parsed: ParsedKeyword;
  /** The industries named, each with its sub-industries. */
  industryScope: string[];
  /** The names of the industries named, in the order named. */
  industryNames: string[];
}

export async function readQuery(db: Db, text: string): Promise<QueryReading> {
  const vocabulary = await getVocabulary(db);
  const parsed = parseKeyword(text, vocabulary);
  return {
    parsed,
    industryScope: expandIndustries(vocabulary, parsed.industryIds),
    industryNames: parsed.industryIds.map((id) => industryName(vocabulary, id)).filter(Boolean),
  };
}

/** The names of industries by id (unknown ids left out). */
export async function industryNames(db: Db, ids: readonly string[]): Promise<string[]> {
  const vocabulary = await getVocabulary(db);
  return ids.map((id) => industryName(vocabulary, id)).filter(Boolean);
}
