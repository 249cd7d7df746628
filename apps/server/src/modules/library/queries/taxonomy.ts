/**
 * The filter taxonomy: every industry (top level with its subs) and region (province with
 * its cities) in the reference data, each with how many projects the library holds there,
 * busiest first, so filter chips open on the sectors and places that have data. Counted
 * once per search-cache period (the counts scan the projects table).
 */
import type { Taxonomy } from '@jq/contract';
import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../../platform/database/index.js';
import { cached } from '../search/cache.js';
import { getVocabulary } from '../search/vocabulary.js';

interface Count {
  id: string;
  count: number | string;
}

const byCount = <T extends { count: number; name: string }>(a: T, b: T) =>
  b.count - a.count || a.name.localeCompare(b.name, 'zh-CN');

export function getTaxonomy(db: Db): Promise<Taxonomy> {
  return cached(db, 'taxonomy', async () => {
    const vocabulary = await getVocabulary(db);
    const [industryCounts, regionCounts] = await Promise.all([
      selectRows<Count>(db, sql`select unnest(industries) as id, count(*) as count from projects group by 1`),
      selectRows<Count>(
        db,
        sql`select code as id, count(*) as count from (
          select province_code as code from projects where province_code is not null
          union all select city_code from projects where city_code is not null) c group by 1`,
      ),
    ]);
    const industryCount = new Map(industryCounts.map((row) => [row.id, Number(row.count)]));
    const regionCount = new Map(regionCounts.map((row) => [row.id, Number(row.count)]));

    const industries = [...vocabulary.industries.values()]
      .filter((entry) => entry.parentId === null)
      .map((top) => ({
        id: top.id,
        name: top.name,
        count: industryCount.get(top.id) ?? 0,
        subs: top.withSubs
          .filter((id) => id !== top.id)
          .map((id) => ({
            id,
            name: vocabulary.industries.get(id)?.name ?? id,
            count: industryCount.get(id) ?? 0,
          }))
          .sort(byCount),
      }))
      .sort(byCount);
    const regions = [...vocabulary.regions.values()]
      .filter((entry) => entry.parentCode === null)
      .map((province) => ({
        id: province.code,
        name: province.shortName || province.name,
        count: regionCount.get(province.code) ?? 0,
        cities: province.withCities
          .filter((code) => code !== province.code)
          .map((code) => {
            const city = vocabulary.regions.get(code);
            return {
              id: code,
              name: city?.shortName || city?.name || code,
              count: regionCount.get(code) ?? 0,
            };
          })
          .sort(byCount),
      }))
      .sort(byCount);
    return { industries, regions };
  });
}
