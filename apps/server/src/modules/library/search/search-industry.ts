/** Projects of an industry (ProjectIndustrySearchResult): the search with the industry fixed, plus the industry. */
import { notFound } from '../../../errors.js';
import type { Db } from '../../../platform/database/index.js';
import { type ProjectQuery, searchProjects } from './search-projects.js';
import { getVocabulary } from './vocabulary.js';

export async function searchIndustryProjects(db: Db, query: ProjectQuery & { industry: string[] }) {
  const vocabulary = await getVocabulary(db);
  const id = query.industry[0]!;
  const entry = vocabulary.industries.get(id);
  if (!entry && vocabulary.industries.size) throw notFound(`行业不存在：${id}`);
  const result = await searchProjects(db, query);
  const subs = [...vocabulary.industries.values()]
    .filter((i) => i.parentId === id)
    .map((i) => ({ id: i.id, name: i.name }));
  return {
    ...result,
    industry: entry ? { id, name: entry.name, parentId: entry.parentId, subs } : null,
  };
}
