/**
 * How library rows are indexed for search: which texts go into `name_grams` (CJK bigrams of
 * names, so 腾讯 finds 深圳市腾讯计算机系统有限公司) and which into `search_tokens` (jieba
 * tokens, with the industry names so 新能源汽车 finds a project of that industry). The demo
 * loader and the importer both write rows through these, so the two never index differently.
 */
import { toNameGramText, toSearchText } from '../../lib/text.js';
import { getIndustry } from './industries.js';

export interface SearchFields {
  nameGrams: string;
  searchTokens: string;
}

/** Names of the industries (and their top industries) an id list points at. */
export function industryNames(ids: readonly string[]): string {
  const names = new Set<string>();
  for (const id of ids) {
    const row = getIndustry(id);
    if (!row) continue;
    names.add(row.name);
    if (row.parentId) names.add(getIndustry(row.parentId)?.name ?? '');
  }
  names.delete('');
  return [...names].join(' ');
}

export function projectSearchFields(p: {
  name: string;
  brandName: string;
  description: string;
  products: string;
  industries: readonly string[];
  tags: readonly string[];
}): SearchFields {
  return {
    nameGrams: toNameGramText(p.name, p.brandName),
    searchTokens: toSearchText(
      p.name,
      p.brandName,
      p.description,
      p.products,
      industryNames(p.industries),
      p.tags.join(' '),
    ),
  };
}

export function institutionSearchFields(o: {
  name: string;
  shortName: string;
  type: string;
  thesis: string;
  description: string;
  industries: readonly string[];
}): SearchFields {
  return {
    nameGrams: toNameGramText(o.name, o.shortName),
    searchTokens: toSearchText(
      o.name,
      o.shortName,
      o.type,
      o.thesis,
      o.description,
      industryNames(o.industries),
    ),
  };
}

export function investorSearchFields(i: {
  name: string;
  title: string;
  bio: string;
  industries: readonly string[];
  institutionName?: string | undefined;
  institutionShortName?: string | undefined;
}): SearchFields {
  return {
    nameGrams: toNameGramText(i.name),
    searchTokens: toSearchText(
      i.name,
      i.title,
      i.institutionName,
      i.institutionShortName,
      i.bio,
      industryNames(i.industries),
    ),
  };
}

export function reportSearchFields(r: {
  title: string;
  publisher: string;
  summary: string;
  industryId: string;
}): SearchFields {
  return {
    nameGrams: toNameGramText(r.title, r.publisher),
    searchTokens: toSearchText(r.title, r.publisher, r.summary, industryNames([r.industryId])),
  };
}

export function newsSearchTokens(n: {
  title: string;
  summary: string;
  content: string;
  industries: readonly string[];
}) {
  return toSearchText(n.title, n.summary, n.content, industryNames(n.industries));
}
