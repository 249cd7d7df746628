import type { Quote, RemainingChats } from '@jq/contract';
import { describe, expect, it } from 'vitest';
import { applyEvent, mergeQuotes, newMessage, questionBefore } from './chat-model';

const quote = (n: number, text = `原文${n}`): Quote => ({ n, pid: 9, title: '储能白皮书', pages: [n], text });

describe('applyEvent', () => {
  it('appends deltas, merges quotes by number and cards by record, and ends with the suggestions', () => {
    let answer = newMessage('assistant');
    const events = [
      { type: 'status', status: 'start', engine: 'local', chatuuid: 'c', messageId: 1, isend: false },
      { type: 'delta', content: '规模约', isend: false },
      { type: 'delta', content: ' 1200 亿元[1]', isend: false },
      { type: 'quote', quotes: [quote(1)], isend: false },
      {
        type: 'card',
        cards: [{ kind: 'report', id: 9, name: '储能白皮书', url: '/jq/report?rid=9' }],
        isend: false,
      },
      {
        type: 'card',
        cards: [{ kind: 'report', id: 9, name: '储能白皮书', url: '/jq/report?rid=9' }],
        isend: false,
      },
      { type: 'status', status: 'done', messageId: 1, suggestions: ['再问一个'], remaining: 2, isend: true },
    ] as const;
    const outcomes = events.map((event) => {
      const applied = applyEvent(answer, event);
      answer = applied.answer;
      return applied.outcome.kind;
    });
    expect(outcomes).toEqual(['continue', 'continue', 'continue', 'continue', 'continue', 'continue', 'end']);
    expect(answer).toMatchObject({
      content: '规模约 1200 亿元[1]',
      engine: 'local',
      status: 'done',
      suggestions: ['再问一个'],
    });
    expect(answer.quotes).toHaveLength(1);
    expect(answer.cards).toHaveLength(1);
  });

  it('reports the locked state with its quota, and an error with its message', () => {
    const quota = { isLocked: true, remaining: 0 } as RemainingChats;
    const locked = applyEvent(newMessage('assistant'), {
      type: 'status',
      status: 'locked',
      quota,
      isend: true,
    });
    expect(locked.outcome).toEqual({ kind: 'locked', quota });
    const failed = applyEvent(newMessage('assistant'), {
      type: 'error',
      code: -503,
      msg: '服务暂不可用',
      isend: true,
    });
    expect(failed.outcome).toEqual({ kind: 'error', msg: '服务暂不可用' });
    expect(failed.answer.status).toBe('error');
  });
});

describe('mergeQuotes', () => {
  it('replaces a quote with the same number and keeps them in order', () => {
    expect(mergeQuotes([quote(2), quote(1)], [quote(1, '新原文')]).map((q) => [q.n, q.text])).toEqual([
      [1, '新原文'],
      [2, '原文2'],
    ]);
  });
});

describe('questionBefore', () => {
  it('finds the question an answer replied to', () => {
    const list = [
      newMessage('user', '问一'),
      newMessage('assistant'),
      newMessage('user', '问二'),
      newMessage('assistant'),
    ];
    expect(questionBefore(list, 3)).toBe('问二');
    expect(questionBefore(list, 0)).toBeNull();
  });
});
