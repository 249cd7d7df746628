import { ProjectSearchRequestSchema } from '@jq/contract';
import { describe, expect, it } from 'vitest';
import {
  countFilters,
  EMPTY_QUERY,
  foundedRange,
  hasListParams,
  type LibraryQuery,
  mergeQueryIntoParams,
  parseQuery,
  serializeQuery,
  toSearchRequest,
  withChange,
} from './search-state';

const FULL: LibraryQuery = {
  keyword: '新能源汽车',
  industry: ['nev', 'ai.llm'],
  stage: [4, 3],
  region: ['310000', '440300'],
  amountMin: 1000,
  amountMax: 5000,
  foundedFrom: 2020,
  foundedTo: 2024,
  sort: 'latest',
  page: 3,
};

describe('the list state in the address bar', () => {
  it('round-trips every filter through the URL', () => {
    const params = new URLSearchParams(serializeQuery(FULL));
    expect(parseQuery(params)).toEqual({ ...FULL, stage: [3, 4] });
    expect(params.get('q')).toBe('新能源汽车');
    expect(params.get('stage')).toBe('3,4');
    expect(params.get('industry')).toBe('nev,ai.llm');
  });

  it('leaves defaults out, so the bare list has a bare URL', () => {
    expect(serializeQuery(EMPTY_QUERY)).toBe('');
    expect(hasListParams(new URLSearchParams('pid=12'))).toBe(false);
    expect(hasListParams(new URLSearchParams('q=AI'))).toBe(true);
  });

  it('drops what a hand-edited link cannot mean instead of failing', () => {
    const query = parseQuery(
      new URLSearchParams(
        'stage=3,99,abc&amountMin=-5&amountMax=1e3&foundedFrom=1800&sort=cheap&page=0&industry=nev,<x>',
      ),
    );
    expect(query.stage).toEqual([3]);
    expect(query.amountMin).toBeNull();
    expect(query.amountMax).toBe(1000);
    expect(query.foundedFrom).toBeNull();
    expect(query.sort).toBe('relevance');
    expect(query.page).toBe(1);
    expect(query.industry).toEqual(['nev']);
  });

  it('clamps a long keyword to the contract limit', () => {
    expect(parseQuery(new URLSearchParams({ q: '新'.repeat(300) })).keyword).toHaveLength(100);
  });

  it('keeps params the list does not own (the open detail) when the list changes', () => {
    const merged = mergeQueryIntoParams(new URLSearchParams('pid=12&q=old&page=4'), {
      ...EMPTY_QUERY,
      keyword: 'AI',
    });
    expect(merged.toString()).toBe('pid=12&q=AI');
  });
});

describe('filters to the search request', () => {
  it('sends only the filters that are set, in a body the contract accepts', () => {
    const request = toSearchRequest(FULL, 20);
    expect(request).toEqual({
      keyword: '新能源汽车',
      sort: 'latest',
      page: 3,
      pageSize: 20,
      industry: ['nev', 'ai.llm'],
      stage: [4, 3],
      region: ['310000', '440300'],
      amountMin: 1000,
      amountMax: 5000,
      foundedFrom: 2020,
      foundedTo: 2024,
    });
    expect(ProjectSearchRequestSchema.parse(request).stage).toEqual([4, 3]);
    expect(toSearchRequest(EMPTY_QUERY, 20)).toEqual({
      keyword: '',
      sort: 'relevance',
      page: 1,
      pageSize: 20,
    });
    expect(ProjectSearchRequestSchema.safeParse(toSearchRequest(EMPTY_QUERY, 20)).success).toBe(true);
  });

  it('asks for another page without changing the filters (load more)', () => {
    expect(toSearchRequest(FULL, 20, 7).page).toBe(7);
  });

  it('starts again at page 1 on any change but a page turn', () => {
    expect(withChange(FULL, { stage: [3] }).page).toBe(1);
    expect(withChange(FULL, { stage: [3] }).keyword).toBe('新能源汽车');
  });

  it('counts the filter groups that are set', () => {
    expect(countFilters(EMPTY_QUERY)).toBe(0);
    expect(countFilters(FULL)).toBe(5);
    expect(countFilters({ ...EMPTY_QUERY, amountMax: 100 })).toBe(1);
  });

  it('turns founding presets into years', () => {
    expect(foundedRange({ years: 1 }, 2026)).toEqual({ foundedFrom: 2025, foundedTo: null });
    expect(foundedRange({ years: 3, from: 1 }, 2026)).toEqual({ foundedFrom: 2023, foundedTo: 2025 });
    expect(foundedRange({ from: 5 }, 2026)).toEqual({ foundedFrom: null, foundedTo: 2021 });
  });
});
