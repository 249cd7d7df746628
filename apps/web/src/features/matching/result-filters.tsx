/**
 * Filters of a result list: stages, a region, an amount range (万元, applied on Enter or
 * leaving the field) and 排除已投竞品. On phones they fold behind a 筛选 button so the
 * ranking stays in view. Every change goes back to page 1 (the caller's job).
 */
import { FilterOutlined } from '@ant-design/icons';
import { STAGES } from '@jq/contract';
import { Badge, Button, InputNumber, Select, Switch } from 'antd';
import { useEffect, useId, useState } from 'react';
import { matching } from '../../locales/zh-CN/matching';
import { useBreakpoint } from '../../shared/hooks/use-breakpoint';
import type { RegionOption } from '../../shared/taxonomy/taxonomy';
import { EMPTY_FILTERS, type ResultFilters } from './result-params';

export interface ResultFiltersBarProps {
  filters: ResultFilters;
  onChange(next: Partial<ResultFilters>): void;
  regions: readonly RegionOption[];
  amountLabel: string;
  /** The investor side also filters projects by industry. */
  industry?: {
    value: string | null;
    options: { id: string; name: string }[];
    onChange(id: string | null): void;
  };
  /** Clears every filter at once (default: the ResultFilters ones). */
  onClear?(): void;
}

export function countResultFilters(filters: ResultFilters): number {
  return (
    (filters.stage.length ? 1 : 0) +
    (filters.region ? 1 : 0) +
    (filters.ticketMin !== null || filters.ticketMax !== null ? 1 : 0) +
    (filters.excludeConflicts ? 1 : 0)
  );
}

function AmountInput({
  value,
  onCommit,
  placeholder,
  label,
}: {
  value: number | null;
  onCommit(value: number | null): void;
  placeholder: string;
  label: string;
}) {
  const [text, setText] = useState<number | null>(value);
  useEffect(() => setText(value), [value]);
  const commit = () => {
    if (text !== value) onCommit(text);
  };
  return (
    <InputNumber
      aria-label={label}
      className="jq-match-filter-amount"
      min={0}
      max={100_000_000}
      precision={0}
      placeholder={placeholder}
      value={text}
      onChange={(next) => setText(typeof next === 'number' ? next : null)}
      onBlur={commit}
      onPressEnter={commit}
    />
  );
}

export function ResultFiltersBar({
  filters,
  onChange,
  regions,
  amountLabel,
  industry,
  onClear,
}: ResultFiltersBarProps) {
  const { isSmall } = useBreakpoint();
  const [isOpen, setOpen] = useState(false);
  const count = countResultFilters(filters) + (industry?.value ? 1 : 0);
  const ids = useId();

  const controls = (
    <div className="jq-match-filters" data-testid="result-filters">
      {industry && (
        <label className="jq-match-filter" htmlFor={`${ids}-industry`}>
          <span>{matching.fields.industry}</span>
          <Select
            id={`${ids}-industry`}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={matching.filterAll}
            value={industry.value ?? undefined}
            options={industry.options.map((option) => ({ value: option.id, label: option.name }))}
            onChange={(id?: string) => industry.onChange(id ?? null)}
            data-testid="filter-industry"
          />
        </label>
      )}
      <label className="jq-match-filter" htmlFor={`${ids}-stage`}>
        <span>{matching.filters.stage}</span>
        <Select
          id={`${ids}-stage`}
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder={matching.filterAll}
          value={filters.stage}
          options={STAGES.filter((stage) => stage.code !== 0).map((stage) => ({
            value: stage.code,
            label: stage.label,
          }))}
          onChange={(stage: number[]) => onChange({ stage })}
          data-testid="filter-stage"
        />
      </label>
      <label className="jq-match-filter" htmlFor={`${ids}-region`}>
        <span>{matching.filters.region}</span>
        <Select
          id={`${ids}-region`}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={matching.regionAny}
          value={filters.region ?? undefined}
          options={regions.map((region) => ({ value: region.id, label: region.name }))}
          onChange={(region?: string) => onChange({ region: region ?? null })}
          data-testid="filter-region"
        />
      </label>
      <div className="jq-match-filter">
        <span>{amountLabel}</span>
        <span className="jq-match-filter-range">
          <AmountInput
            label={`${amountLabel}${matching.ticketMin}`}
            placeholder={matching.ticketMin}
            value={filters.ticketMin}
            onCommit={(ticketMin) => onChange({ ticketMin })}
          />
          <span aria-hidden>-</span>
          <AmountInput
            label={`${amountLabel}${matching.ticketMax}`}
            placeholder={matching.ticketMax}
            value={filters.ticketMax}
            onCommit={(ticketMax) => onChange({ ticketMax })}
          />
          <span className="jq-match-muted">{matching.amountUnit}</span>
        </span>
      </div>
      <label className="jq-match-filter is-switch" htmlFor={`${ids}-nc`}>
        <Switch
          id={`${ids}-nc`}
          size="small"
          checked={filters.excludeConflicts}
          onChange={(excludeConflicts) => onChange({ excludeConflicts })}
          data-testid="filter-conflicts"
        />
        <span>{matching.filters.hideConflicts}</span>
      </label>
      {count > 0 && (
        <Button type="link" size="small" onClick={() => (onClear ? onClear() : onChange(EMPTY_FILTERS))}>
          {matching.clearFilters}
        </Button>
      )}
    </div>
  );

  if (!isSmall) return controls;
  return (
    <>
      <Button
        icon={<FilterOutlined />}
        onClick={() => setOpen((open) => !open)}
        aria-expanded={isOpen}
        data-testid="filters-toggle"
      >
        {matching.filterButton}
        {count > 0 && <Badge count={count} size="small" className="jq-match-filter-badge" />}
      </Button>
      {isOpen && controls}
    </>
  );
}
