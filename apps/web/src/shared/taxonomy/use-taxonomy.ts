/**
 * The industry and region options, from `GET /api/library/taxonomy`: only options that hold
 * projects, busiest first. The key starts with 'library' so a library refresh refreshes it too.
 */
import type { Taxonomy as TaxonomyCounts } from '@jq/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiGet } from '../api/client';
import type { Taxonomy } from './taxonomy';

function getTaxonomy(signal?: AbortSignal) {
  return apiGet<TaxonomyCounts>('/library/taxonomy', undefined, { signal });
}

export const taxonomyQuery = queryOptions({
  queryKey: ['library', 'taxonomy'],
  queryFn: ({ signal }) => getTaxonomy(signal),
  staleTime: 10 * 60_000,
});

export function useTaxonomy(): Taxonomy {
  const { data } = useQuery(taxonomyQuery);
  return useMemo(() => {
    const withData = <T extends { count: number }>(items: readonly T[]) =>
      items.filter((item) => item.count > 0);
    return {
      industries: withData(data?.industries ?? []).map((top) => ({ ...top, subs: withData(top.subs) })),
      regions: withData(data?.regions ?? []).map((province) => ({
        ...province,
        cities: withData(province.cities),
      })),
    };
  }, [data]);
}
