import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FeedbackProvider } from '../../shared/feedback/feedback';
import {
  industryOptions,
  infoWithoutIndustry,
  isMissingIndustry,
  regionNameIn,
  toDraft,
  toMatchInput,
  topIndustryOf,
} from './profile-draft';
import { ProfileForm } from './profile-form';
import { profileInfo } from './test-fixtures';

const TAXONOMY = {
  industries: [
    { id: 'nev', name: '新能源汽车', subs: [{ id: 'nev.battery', name: '动力电池' }] },
    { id: 'ai', name: '人工智能', subs: [] },
  ],
  regions: [{ id: '320000', name: '江苏', cities: [{ id: '320400', name: '常州' }] }],
};

const PARSED = profileInfo({
  industries: ['nev.battery', 'nev'],
  industryNames: ['动力电池', '新能源汽车'],
  stage: 3,
  stageLabel: 'A轮',
  amount: 5000,
  regions: ['320400'],
  regionNames: ['江苏 · 常州'],
  tags: ['磷酸铁锂电芯'],
  parsed: { industry: true, stage: true, amount: true, region: true },
});

describe('profile draft', () => {
  it('reads the main industry into top and sub, and the first region', () => {
    const draft = toDraft(PARSED);
    expect(draft).toMatchObject({
      industry: 'nev',
      subIndustry: 'nev.battery',
      stage: 3,
      amount: 5000,
      region: '320400',
    });
    expect(topIndustryOf('nev.battery')).toBe('nev');
  });

  it('sends the most specific industry, and leaves empty fields out', () => {
    const input = toMatchInput({ ...toDraft(PARSED), name: '  ', stage: null });
    expect(input).toMatchObject({
      industry: ['nev.battery'],
      amount: 5000,
      region: ['320400'],
      tags: ['磷酸铁锂电芯'],
    });
    expect(input.name).toBeUndefined();
    expect(input.stage).toBeUndefined();
    const topOnly = toMatchInput({ ...toDraft(PARSED), subIndustry: null });
    expect(topOnly.industry).toEqual(['nev']);
  });

  it('knows a profile without an industry is not ready', () => {
    expect(isMissingIndustry(toDraft(profileInfo()))).toBe(true);
    expect(isMissingIndustry(toDraft(PARSED))).toBe(false);
  });

  it('keeps what a description without an industry gave, and asks for the industry', () => {
    const info = infoWithoutIndustry(
      { field: 'industry', stage: 3, amount: 3000, regions: ['320400'] },
      '一段描述',
      (code) => regionNameIn(TAXONOMY.regions, code),
    );
    expect(info).toMatchObject({
      industries: [],
      stage: 3,
      stageLabel: 'A轮',
      amount: 3000,
      regionNames: ['江苏 · 常州'],
      description: '一段描述',
      parsed: { industry: false, stage: true, amount: true, region: true },
    });
    expect(isMissingIndustry(toDraft(info))).toBe(true);
    expect(infoWithoutIndustry(null, '', () => undefined)).toMatchObject({
      stage: null,
      amount: null,
      regions: [],
    });
  });

  it('offers a parsed industry the taxonomy lacks, under its parsed name', () => {
    const options = industryOptions(TAXONOMY.industries, {
      ...PARSED,
      industries: ['semiconductor.design'],
      industryNames: ['芯片设计'],
    });
    expect(options.find((o) => o.id === 'semiconductor')?.subs).toEqual([
      { id: 'semiconductor.design', name: '芯片设计' },
    ]);
  });
});

function renderForm(info = PARSED) {
  const onSubmit = vi.fn();
  render(
    <FeedbackProvider>
      <ProfileForm info={info} taxonomy={TAXONOMY} isSubmitting={false} error={null} onSubmit={onSubmit} />
    </FeedbackProvider>,
  );
  return onSubmit;
}

// The first antd render in a file is slow on a loaded machine.
describe('ProfileForm', { timeout: 30_000 }, () => {
  it('asks for an industry and refuses to match when none was recognised', () => {
    const onSubmit = renderForm(profileInfo());
    expect(screen.getByTestId('choose-industry').textContent).toContain('没有识别出行业');
    const submit = screen.getByTestId('match-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(submit);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('marks parsed fields and submits the values as the user edited them', async () => {
    const onSubmit = renderForm();
    expect(screen.getAllByText('已识别')).toHaveLength(4);
    expect(screen.queryByTestId('choose-industry')).toBeNull();
    const amount = screen.getByLabelText(/^拟融资金额/) as HTMLInputElement;
    expect(amount.value).toBe('5000');
    fireEvent.change(amount, { target: { value: '8000' } });
    fireEvent.change(screen.getByLabelText('项目名称'), { target: { value: '驰电科技' } });
    fireEvent.click(screen.getByTestId('match-submit'));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      name: '驰电科技',
      industry: ['nev.battery'],
      stage: 3,
      amount: 8000,
      region: ['320400'],
    });
  });

  it('shows the server refusal of the last submit', () => {
    render(
      <FeedbackProvider>
        <ProfileForm
          info={PARSED}
          taxonomy={TAXONOMY}
          isSubmitting={false}
          error="今日匹配次数已用完"
          onSubmit={() => {}}
        />
      </FeedbackProvider>,
    );
    expect(screen.getByTestId('submit-error').textContent).toContain('今日匹配次数已用完');
  });
});
