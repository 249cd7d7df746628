/**
 * The chosen filters as closable chips above the results (已选：新能源汽车 × A轮 ×), with
 * 清空筛选; on phones this is how a filter is dropped without reopening the drawer.
 */
import { stageLabel } from '@jq/contract';
import { Button, Tag } from 'antd';
import { useMemo } from 'react';
import { library } from '../../locales/zh-CN/library';
import { formatWanRange } from '../../shared/format/figures';
import { indexOptions, type Taxonomy } from '../../shared/taxonomy/taxonomy';
import type { FilterKey } from './filter-panel';
import { countFilters, type LibraryKind, type LibraryQuery } from './search-state';

export interface SelectedFiltersProps {
  kind: LibraryKind;
  filters: readonly FilterKey[];
  query: LibraryQuery;
  taxonomy: Taxonomy;
  onChange(change: Partial<LibraryQuery>): void;
}

function yearRangeText(from: number | null, to: number | null): string {
  if (from !== null && to !== null) return from === to ? `${from}年` : `${from}-${to}年`;
  if (from !== null) return `${from}年以后`;
  if (to !== null) return `${to}年以前`;
  return '';
}

export function SelectedFilters({ kind, filters, query, taxonomy, onChange }: SelectedFiltersProps) {
  const industryNames = useMemo(() => indexOptions(taxonomy.industries), [taxonomy.industries]);
  const regionNames = useMemo(() => indexOptions(taxonomy.regions), [taxonomy.regions]);
  if (countFilters(query) === 0) return null;

  const chips: { key: string; label: string; onClose(): void }[] = [];
  for (const id of query.industry) {
    chips.push({
      key: `i-${id}`,
      label: industryNames.get(id)?.name ?? id,
      onClose: () => onChange({ industry: query.industry.filter((value) => value !== id) }),
    });
  }
  for (const code of query.stage) {
    chips.push({
      key: `s-${code}`,
      label: stageLabel(code),
      onClose: () => onChange({ stage: query.stage.filter((value) => value !== code) }),
    });
  }
  for (const code of query.region) {
    chips.push({
      key: `r-${code}`,
      label: regionNames.get(code)?.name ?? code,
      onClose: () => onChange({ region: query.region.filter((value) => value !== code) }),
    });
  }
  if (filters.includes('amount') && (query.amountMin !== null || query.amountMax !== null)) {
    chips.push({
      key: 'amount',
      label: `${library.filters.amount[kind]} ${formatWanRange(query.amountMin, query.amountMax)}`,
      onClose: () => onChange({ amountMin: null, amountMax: null }),
    });
  }
  if (filters.includes('founded') && (query.foundedFrom !== null || query.foundedTo !== null)) {
    chips.push({
      key: 'founded',
      label: `${library.filters.founded} ${yearRangeText(query.foundedFrom, query.foundedTo)}`,
      onClose: () => onChange({ foundedFrom: null, foundedTo: null }),
    });
  }

  return (
    <div className="jq-lib-selected" data-testid="selected-filters">
      <span className="jq-lib-selected-label">{library.selected}</span>
      {chips.map((chip) => (
        <Tag key={chip.key} closable onClose={chip.onClose} color="processing">
          {chip.label}
        </Tag>
      ))}
      <Button
        type="link"
        size="small"
        onClick={() =>
          onChange({
            industry: [],
            stage: [],
            region: [],
            amountMin: null,
            amountMax: null,
            foundedFrom: null,
            foundedTo: null,
          })
        }
      >
        {library.clearAll}
      </Button>
    </div>
  );
}
