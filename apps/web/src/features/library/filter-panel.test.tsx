import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Taxonomy } from '../../shared/taxonomy/taxonomy';
import { FILTERS_BY_KIND, FilterPanel } from './filter-panel';
import { EMPTY_QUERY, type LibraryQuery } from './search-state';

const TAXONOMY: Taxonomy = {
  industries: [
    {
      id: 'nev',
      name: '新能源汽车',
      subs: [
        { id: 'nev.battery', name: '动力电池' },
        { id: 'nev.electronics', name: '汽车电子' },
      ],
    },
    { id: 'ai', name: '人工智能', subs: [{ id: 'ai.llm', name: '大模型' }] },
  ],
  regions: [{ id: '440000', name: '广东', cities: [{ id: '440300', name: '深圳' }] }],
};

function renderPanel(query: Partial<LibraryQuery> = {}) {
  const onChange = vi.fn();
  render(
    <FilterPanel
      kind="project"
      filters={FILTERS_BY_KIND.project}
      query={{ ...EMPTY_QUERY, ...query }}
      onChange={onChange}
      taxonomy={TAXONOMY}
    />,
  );
  return onChange;
}

describe('FilterPanel', () => {
  it('adds a stage chip to the stage filter, folds the rare stages, and 全部 clears it', () => {
    const onChange = renderPanel({ stage: [2] });
    fireEvent.click(screen.getByText('A轮'));
    expect(onChange).toHaveBeenLastCalledWith({ stage: [2, 3] });
    fireEvent.click(screen.getByText('天使轮'));
    expect(onChange).toHaveBeenLastCalledWith({ stage: [] });
    expect(screen.queryByText('IPO')).toBeNull();
    fireEvent.click(within(screen.getByTestId('filter-stage')).getByText('更多'));
    fireEvent.click(screen.getByText('IPO'));
    expect(onChange).toHaveBeenLastCalledWith({ stage: [2, 33] });
    fireEvent.click(within(screen.getByTestId('filter-stage')).getByText('全部'));
    expect(onChange).toHaveBeenLastCalledWith({ stage: [] });
  });

  it('opens the sub-industries of a chosen industry and narrows to a sub-industry', () => {
    const onChange = renderPanel({ industry: ['nev'] });
    expect(screen.getByText('动力电池')).toBeTruthy();
    expect(screen.queryByText('大模型')).toBeNull();
    fireEvent.click(screen.getByText('动力电池'));
    expect(onChange).toHaveBeenLastCalledWith({ industry: ['nev.battery'] });
  });

  it('goes back to the whole industry when its last sub-industry is dropped', () => {
    const onChange = renderPanel({ industry: ['nev.battery'] });
    fireEvent.click(screen.getByText('动力电池'));
    expect(onChange).toHaveBeenLastCalledWith({ industry: ['nev'] });
    fireEvent.click(screen.getByText('新能源汽车'));
    expect(onChange).toHaveBeenLastCalledWith({ industry: [] });
  });

  it('picks a city under its province', () => {
    const onChange = renderPanel({ region: ['440000'] });
    fireEvent.click(screen.getByText('深圳'));
    expect(onChange).toHaveBeenLastCalledWith({ region: ['440300'] });
  });

  it('sets an amount range in 万元 from a preset, and a custom range the right way round', () => {
    const onChange = renderPanel();
    fireEvent.click(screen.getByText('1000万-5000万'));
    expect(onChange).toHaveBeenLastCalledWith({ amountMin: 1000, amountMax: 5000 });
    fireEvent.click(screen.getAllByText('自定义')[0]!);
    fireEvent.change(screen.getByLabelText('融资金额最低'), { target: { value: '8000' } });
    fireEvent.change(screen.getByLabelText('融资金额最高'), { target: { value: '300' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(onChange).toHaveBeenLastCalledWith({ amountMin: 300, amountMax: 8000 });
  });
});
