/**
 * The filter panel's rows, in the 企查查 / IT桔子 style: a label, a 全部 chip and the
 * options as checkable chips, long rows folded behind 更多. A two-level row (industry →
 * sub-industry, province → city) opens its second level under the chosen first-level
 * options; choosing a second-level option narrows its parent to it.
 */
import { Button, InputNumber, Space, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { library } from '../../locales/zh-CN/library';
import type { Named } from '../../shared/taxonomy/taxonomy';

export interface FilterRowProps {
  label: string;
  children: ReactNode;
  testId?: string;
}

export function FilterRow({ label, children, testId }: FilterRowProps) {
  return (
    <div className="jq-lib-filter-row" data-testid={testId}>
      <div className="jq-lib-filter-label">{label}</div>
      <div className="jq-lib-filter-options">{children}</div>
    </div>
  );
}

export interface ChipsProps<V extends string | number> {
  options: readonly { value: V; label: string }[];
  selected: readonly V[];
  onToggle(value: V): void;
  onClear(): void;
  /** Options shown before 更多; all when absent. */
  foldAt?: number;
  allLabel?: string;
}

export function Chips<V extends string | number>({
  options,
  selected,
  onToggle,
  onClear,
  foldAt,
  allLabel = library.all,
}: ChipsProps<V>) {
  const [isUnfolded, setUnfolded] = useState(false);
  const isFoldable = foldAt !== undefined && options.length > foldAt;
  // A chosen option stays visible even when folded.
  const shown =
    isFoldable && !isUnfolded
      ? options.filter((option, i) => i < foldAt || selected.includes(option.value))
      : options;
  return (
    <>
      <Tag.CheckableTag checked={selected.length === 0} onChange={() => onClear()}>
        {allLabel}
      </Tag.CheckableTag>
      {shown.map((option) => (
        <Tag.CheckableTag
          key={option.value}
          checked={selected.includes(option.value)}
          onChange={() => onToggle(option.value)}
        >
          {option.label}
        </Tag.CheckableTag>
      ))}
      {isFoldable && (
        <Button type="link" size="small" className="jq-lib-fold" onClick={() => setUnfolded(!isUnfolded)}>
          {isUnfolded ? library.less : library.more}
        </Button>
      )}
    </>
  );
}

export interface TwoLevelOption extends Named {
  children: Named[];
}

export interface TwoLevelProps {
  label: string;
  childLabel: string;
  options: readonly TwoLevelOption[];
  /** Mixed first- and second-level ids, as the API takes them. */
  selected: readonly string[];
  onChange(next: string[]): void;
  foldAt: number;
  testId?: string;
}

/** The first-level option that holds `id` (itself when it is first-level). */
export function parentOf(options: readonly TwoLevelOption[], id: string): TwoLevelOption | undefined {
  return options.find((option) => option.id === id || option.children.some((child) => child.id === id));
}

export function TwoLevelRows({
  label,
  childLabel,
  options,
  selected,
  onChange,
  foldAt,
  testId,
}: TwoLevelProps) {
  const openParents = options.filter((option) => selected.some((id) => parentOf([option], id)));
  const toggleParent = (id: string) => {
    const parent = options.find((option) => option.id === id);
    const isOpen = openParents.some((option) => option.id === id);
    const inParent = (value: string) => parent && parentOf([parent], value);
    onChange(isOpen ? selected.filter((value) => !inParent(value)) : [...selected, id]);
  };
  const toggleChild = (parent: TwoLevelOption, id: string) => {
    const rest = selected.filter((value) => value !== parent.id);
    const next = rest.includes(id) ? rest.filter((value) => value !== id) : [...rest, id];
    // Dropping the last child of a parent goes back to the whole parent.
    const hasChild = next.some((value) => parent.children.some((child) => child.id === value));
    onChange(hasChild ? next : [...next, parent.id]);
  };
  return (
    <>
      <FilterRow label={label} testId={testId}>
        <Chips
          options={options.map((option) => ({ value: option.id, label: option.name }))}
          selected={openParents.map((option) => option.id)}
          onToggle={toggleParent}
          onClear={() => onChange([])}
          foldAt={foldAt}
        />
      </FilterRow>
      {openParents
        .filter((parent) => parent.children.length > 0)
        .map((parent) => (
          <FilterRow key={parent.id} label={openParents.length > 1 ? parent.name : childLabel}>
            <Chips
              options={parent.children.map((child) => ({ value: child.id, label: child.name }))}
              selected={selected.filter((id) => parent.children.some((child) => child.id === id))}
              onToggle={(id) => toggleChild(parent, id)}
              onClear={() => onChange([...selected.filter((id) => !parentOf([parent], id)), parent.id])}
              allLabel={`${library.all}${parent.name}`}
              foldAt={foldAt}
            />
          </FilterRow>
        ))}
    </>
  );
}

export interface RangePreset {
  label: string;
  min: number | null;
  max: number | null;
}

export interface RangeRowProps {
  label: string;
  presets: readonly RangePreset[];
  min: number | null;
  max: number | null;
  onChange(min: number | null, max: number | null): void;
  unit: string;
  placeholders: [string, string];
  bounds: [number, number];
  testId?: string;
}

/** Preset ranges as chips, and a custom from-to pair confirmed with 确定. */
export function RangeRow({
  label,
  presets,
  min,
  max,
  onChange,
  unit,
  placeholders,
  bounds,
  testId,
}: RangeRowProps) {
  const [draft, setDraft] = useState<[number | null, number | null]>([min, max]);
  const [isCustomOpen, setCustomOpen] = useState(false);
  const active = presets.findIndex((preset) => preset.min === min && preset.max === max);
  const isCustom = active < 0 && (min !== null || max !== null);
  return (
    <FilterRow label={label} testId={testId}>
      <Tag.CheckableTag checked={min === null && max === null} onChange={() => onChange(null, null)}>
        {library.all}
      </Tag.CheckableTag>
      {presets.map((preset, index) => (
        <Tag.CheckableTag
          key={preset.label}
          checked={index === active}
          onChange={() => (index === active ? onChange(null, null) : onChange(preset.min, preset.max))}
        >
          {preset.label}
        </Tag.CheckableTag>
      ))}
      <Tag.CheckableTag
        checked={isCustom || isCustomOpen}
        onChange={() => {
          setDraft([min, max]);
          setCustomOpen(!isCustomOpen);
        }}
      >
        {library.custom}
      </Tag.CheckableTag>
      {isCustomOpen && (
        <Space.Compact size="small" className="jq-lib-range-custom">
          <InputNumber
            min={bounds[0]}
            max={bounds[1]}
            precision={0}
            value={draft[0]}
            placeholder={placeholders[0]}
            onChange={(value) => setDraft([value ?? null, draft[1]])}
            aria-label={`${label}${placeholders[0]}`}
          />
          <InputNumber
            min={bounds[0]}
            max={bounds[1]}
            precision={0}
            value={draft[1]}
            placeholder={placeholders[1]}
            suffix={unit}
            onChange={(value) => setDraft([draft[0], value ?? null])}
            aria-label={`${label}${placeholders[1]}`}
          />
          <Button
            type="primary"
            onClick={() => {
              const [low, high] = draft;
              // Swapped here so the chips and the URL read the way the server will apply it.
              onChange(
                low !== null && high !== null && low > high ? high : low,
                low !== null && high !== null && low > high ? low : high,
              );
              setCustomOpen(false);
            }}
          >
            {library.confirm}
          </Button>
        </Space.Compact>
      )}
    </FilterRow>
  );
}
