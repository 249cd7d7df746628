import type { StreamEvent } from '@jq/contract';
import { describe, expect, it } from 'vitest';
import { investorItem } from './test-fixtures';
import { applyRecommendEvent, INITIAL_RECOMMEND, type RecommendState } from './use-recommend-stream';

const match = (rank: number, id: number): StreamEvent => ({
  type: 'card',
  card: 'match',
  item: investorItem({ rank, id, reasons: [] }),
  isend: false,
});

function run(events: StreamEvent[]): RecommendState {
  return events.reduce(applyRecommendEvent, { ...INITIAL_RECOMMEND, phase: 'ranking' });
}

describe('applyRecommendEvent', () => {
  it('shows matches in rank order as they come, then fills in each one reasons', () => {
    const ranked = run([match(2, 20), match(1, 10)]);
    expect(ranked.items.map((item) => item.id)).toEqual([10, 20]);
    expect(ranked.items.every((item) => item.reasons.length === 0)).toBe(true);

    const reasons = [{ text: '近两年在储能领域投资 5 次', component: 'industry', refs: [] }];
    const withReasons = applyRecommendEvent(ranked, {
      type: 'card',
      card: 'reasons',
      rank: 2,
      id: 20,
      reasons,
      isend: false,
    });
    expect(withReasons.phase).toBe('reasons');
    expect(withReasons.reasoned.has(2)).toBe(true);
    expect(withReasons.items[1]?.reasons).toEqual(reasons);
    expect(withReasons.items[0]?.reasons).toEqual([]);

    const done = applyRecommendEvent(withReasons, { type: 'status', status: 'done', total: 2, isend: true });
    expect(done).toMatchObject({ phase: 'done', total: 2 });
  });

  it('replaces a match sent twice for the same rank', () => {
    const state = run([match(1, 10), match(1, 11)]);
    expect(state.items.map((item) => item.id)).toEqual([11]);
  });

  it('keeps what arrived when the stream reports an error', () => {
    const state = run([match(1, 10), { type: 'error', code: -500, msg: '服务暂时不可用', isend: true }]);
    expect(state).toMatchObject({ phase: 'error', error: '服务暂时不可用' });
    expect(state.items).toHaveLength(1);
  });

  it('ignores events it does not know', () => {
    const before = run([match(1, 10)]);
    expect(applyRecommendEvent(before, { type: 'delta', text: 'x', isend: false })).toBe(before);
    expect(
      applyRecommendEvent(before, { type: 'card', card: 'match', item: { rank: 'x' }, isend: false }),
    ).toBe(before);
  });
});
