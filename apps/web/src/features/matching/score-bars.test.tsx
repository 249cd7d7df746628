import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatPoints, ScoreBars, scoreRows, TotalScore } from './score-bars';
import { breakdownOf } from './test-fixtures';

describe('scoreRows', () => {
  it('labels the seven fit components in Chinese with points out of their maximum', () => {
    const rows = scoreRows(breakdownOf());
    expect(rows.map((row) => row.label)).toEqual([
      '行业匹配',
      '阶段匹配',
      '金额匹配',
      '地域匹配',
      '投资组合相似度',
      '投资理念相似度',
      '出手活跃度',
    ]);
    const industry = rows.find((row) => row.key === 'industry')!;
    expect(industry).toMatchObject({ pointsText: '22/25', percent: 88, tone: 'fit' });
  });

  it('adds the conflict penalty when it applies, and never makes the VIP boost a bar', () => {
    const rows = scoreRows(
      breakdownOf({
        conflict: { fit: 1, points: -12.04, max: 0 },
        vip: { fit: 0.5, points: 2.5, max: 5 },
      }),
    );
    expect(rows.find((row) => row.key === 'conflict')).toMatchObject({
      label: '竞品冲突',
      pointsText: '-12',
      tone: 'penalty',
      percent: 100,
    });
    expect(rows.find((row) => row.key === 'vip')).toBeUndefined();
  });

  it('shows the conflict row as 0 on the full view when nothing applies, still no VIP row', () => {
    const rows = scoreRows(breakdownOf(), true);
    expect(rows).toHaveLength(8);
    expect(rows.find((row) => row.key === 'conflict')).toMatchObject({ pointsText: '0', tone: 'none' });
    expect(rows.find((row) => row.key === 'vip')).toBeUndefined();
  });

  it('keeps bars within 0-100 even for odd points', () => {
    const rows = scoreRows(
      breakdownOf({ ticket: { fit: 1.4, points: 14, max: 10 }, region: { fit: 0, points: -1, max: 10 } }),
    );
    expect(rows.find((row) => row.key === 'ticket')?.percent).toBe(100);
    expect(rows.find((row) => row.key === 'region')?.percent).toBe(0);
  });

  it('formats points with at most one decimal and no negative zero', () => {
    expect(formatPoints(12.345)).toBe('12.3');
    expect(formatPoints(12)).toBe('12');
    expect(formatPoints(-0.01)).toBe('0');
  });
});

describe('ScoreBars', { timeout: 30_000 }, () => {
  it('renders one meter per fit component with its label and points, the boost not among them', () => {
    render(<ScoreBars breakdown={breakdownOf({ vip: { fit: 0.6, points: 3, max: 5 } })} />);
    const meters = screen.getAllByRole('meter');
    expect(meters).toHaveLength(7);
    expect(screen.queryByTestId('score-vip')).toBeNull();
    const industry = screen.getByTestId('score-industry');
    // Compact rows show a short label; the meter keeps the full one as its name.
    expect(within(industry).getByText('行业')).toBeTruthy();
    expect(within(industry).getByRole('meter', { name: '行业匹配' }).getAttribute('aria-valuenow')).toBe(
      '88',
    );
  });
});

describe('TotalScore', () => {
  it('names a VIP boost inside the total as such, with its cap', () => {
    render(<TotalScore score={78.4} baseScore={75.4} boostCap={4} />);
    expect(screen.getByText('78.4')).toBeTruthy();
    expect(screen.getByTestId('vip-boost').textContent).toBe('含 VIP 优先加成 +3 分（上限 4 分）');
  });

  it('says nothing about VIP without a boost', () => {
    render(<TotalScore score={70} baseScore={70} boostCap={4} />);
    expect(screen.queryByTestId('vip-boost')).toBeNull();
  });
});
