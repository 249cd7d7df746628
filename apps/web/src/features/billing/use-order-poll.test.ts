import { LIMITS } from '@jq/contract';
import { describe, expect, it } from 'vitest';
import { stepOrderPoll } from './use-order-poll';

describe('stepOrderPoll', () => {
  it('stops on paid, waits until the last poll, then times out', () => {
    expect(stepOrderPoll(1, 1, LIMITS.chargePollMax)).toBe('paid');
    expect(stepOrderPoll(0, 99, LIMITS.chargePollMax)).toBe('waiting');
    expect(stepOrderPoll(0, 100, LIMITS.chargePollMax)).toBe('timeout');
    expect(stepOrderPoll(null, 59, LIMITS.vipPollMax)).toBe('waiting');
    expect(stepOrderPoll(null, 60, LIMITS.vipPollMax)).toBe('timeout');
    expect(stepOrderPoll(1, 60, LIMITS.vipPollMax)).toBe('paid');
  });
});
