/**
 * The library's filter panel: industry (two levels), stage chips from the contract's
 * STAGES, region (province → city), an amount range in 万元 and the founding year. Inline
 * on wide screens; on phones a 筛选 button opens the same rows in a bottom drawer, applied
 * together with 查看结果.
 */
import { FilterOutlined } from '@ant-design/icons';
import { STAGES } from '@jq/contract';
import { Badge, Button, Drawer } from 'antd';
import { useMemo, useState } from 'react';
import { library } from '../../locales/zh-CN/library';
import { useHasOpened } from '../../shared/hooks/use-has-opened';
import type { Taxonomy } from '../../shared/taxonomy/taxonomy';
import { Chips, FilterRow, type RangePreset, RangeRow, TwoLevelRows } from './filter-rows';
import { countFilters, EMPTY_QUERY, foundedRange, type LibraryKind, type LibraryQuery } from './search-state';

export type FilterKey = 'industry' | 'stage' | 'region' | 'amount' | 'founded';

export const FILTERS_BY_KIND: Record<LibraryKind, readonly FilterKey[]> = {
  project: ['industry', 'stage', 'region', 'amount', 'founded'],
  org: ['industry', 'stage', 'region', 'amount', 'founded'],
  investor: ['industry', 'stage', 'region', 'amount'],
};

export interface FilterPanelProps {
  kind: LibraryKind;
  filters: readonly FilterKey[];
  query: LibraryQuery;
  onChange(change: Partial<LibraryQuery>): void;
  taxonomy: Taxonomy;
}

const STAGE_OPTIONS = STAGES.map((stage) => ({ value: stage.code as number, label: stage.label }));
const AMOUNT_PRESETS: RangePreset[] = library.amountPresets.map((preset) => ({ ...preset }));

export function FilterPanel({ kind, filters, query, onChange, taxonomy }: FilterPanelProps) {
  const thisYear = new Date().getFullYear();
  const yearPresets = useMemo<RangePreset[]>(
    () =>
      library.foundedPresets.map((preset) => {
        const range = foundedRange(preset, thisYear);
        return { label: preset.label, min: range.foundedFrom, max: range.foundedTo };
      }),
    [thisYear],
  );
  const industries = taxonomy.industries.map((top) => ({ ...top, children: top.subs }));
  const regions = taxonomy.regions.map((province) => ({ ...province, children: province.cities }));
  const toggle = <V,>(list: readonly V[], value: V) =>
    list.includes(value) ? list.filter((item) => item !== value) : [...list, value];

  return (
    <div className="jq-lib-filters" data-testid="library-filters">
      {filters.includes('industry') && (
        <TwoLevelRows
          label={library.filters.industry}
          childLabel={library.filters.subIndustry}
          options={industries}
          selected={query.industry}
          onChange={(industry) => onChange({ industry })}
          foldAt={12}
          testId="filter-industry"
        />
      )}
      {filters.includes('stage') && (
        <FilterRow label={library.filters.stage} testId="filter-stage">
          <Chips
            options={STAGE_OPTIONS}
            selected={query.stage}
            onToggle={(code) => onChange({ stage: toggle(query.stage, code) })}
            onClear={() => onChange({ stage: [] })}
            foldAt={9}
          />
        </FilterRow>
      )}
      {filters.includes('region') && (
        <TwoLevelRows
          label={library.filters.region}
          childLabel={library.filters.city}
          options={regions}
          selected={query.region}
          onChange={(region) => onChange({ region })}
          foldAt={12}
          testId="filter-region"
        />
      )}
      {filters.includes('amount') && (
        <RangeRow
          label={library.filters.amount[kind]}
          presets={AMOUNT_PRESETS}
          min={query.amountMin}
          max={query.amountMax}
          onChange={(amountMin, amountMax) => onChange({ amountMin, amountMax })}
          unit={library.wanUnit}
          placeholders={[library.amountFrom, library.amountTo]}
          bounds={[0, 100_000_000]}
          testId="filter-amount"
        />
      )}
      {filters.includes('founded') && (
        <RangeRow
          label={library.filters.founded}
          presets={yearPresets}
          min={query.foundedFrom}
          max={query.foundedTo}
          onChange={(foundedFrom, foundedTo) => onChange({ foundedFrom, foundedTo })}
          unit={library.yearUnit}
          placeholders={[library.yearFrom, library.yearTo]}
          bounds={[1900, thisYear]}
          testId="filter-founded"
        />
      )}
    </div>
  );
}

export interface FilterDrawerButtonProps extends FilterPanelProps {}

/** Phones: the rows in a bottom drawer, edited as a draft and applied at once. */
export function FilterDrawerButton(props: FilterDrawerButtonProps) {
  const { query, onChange } = props;
  const [draft, setDraft] = useState<LibraryQuery | null>(null);
  const hasOpened = useHasOpened(draft !== null);
  const count = countFilters(query);
  const reset = {
    industry: EMPTY_QUERY.industry,
    stage: EMPTY_QUERY.stage,
    region: EMPTY_QUERY.region,
    amountMin: null,
    amountMax: null,
    foundedFrom: null,
    foundedTo: null,
  };
  return (
    <>
      <Badge count={count} size="small">
        <Button icon={<FilterOutlined />} onClick={() => setDraft(query)} data-testid="filter-open">
          {library.filter}
        </Button>
      </Badge>
      {hasOpened && (
        <Drawer
          placement="bottom"
          size="82%"
          open={draft !== null}
          onClose={() => setDraft(null)}
          title={library.filter}
          className="jq-lib-filter-drawer"
          footer={
            <div className="jq-lib-filter-drawer-footer">
              <Button onClick={() => draft && setDraft({ ...draft, ...reset })}>{library.reset}</Button>
              <Button
                type="primary"
                data-testid="filter-apply"
                onClick={() => {
                  if (draft) onChange({ ...reset, ...pickFilters(draft) });
                  setDraft(null);
                }}
              >
                {library.apply}
              </Button>
            </div>
          }
        >
          {draft && (
            <FilterPanel {...props} query={draft} onChange={(change) => setDraft({ ...draft, ...change })} />
          )}
        </Drawer>
      )}
    </>
  );
}

function pickFilters(query: LibraryQuery): Partial<LibraryQuery> {
  const { industry, stage, region, amountMin, amountMax, foundedFrom, foundedTo } = query;
  return { industry, stage, region, amountMin, amountMax, foundedFrom, foundedTo };
}
