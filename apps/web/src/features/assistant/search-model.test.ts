import type { AiInteraction, ProjectCard, SearchHits } from '@jq/contract';
import { describe, expect, it } from 'vitest';
import { applySearchEvent, fromInteraction, hitGroups, NO_HITS, newTurn } from './search-model';

const project = (id: number, fields: Partial<ProjectCard> = {}): ProjectCard => ({
  id,
  name: `深圳测试${id}汽车科技有限公司`,
  brandName: `测试${id}`,
  industryId: 'nev',
  industryName: '新能源汽车',
  industries: ['nev'],
  industryNames: ['新能源汽车'],
  tags: [],
  stage: 3,
  stageLabel: 'A轮',
  amountSought: 5000,
  provinceCode: '440000',
  cityCode: '440300',
  regionName: '深圳',
  foundedYear: 2021,
  latestRoundAt: null,
  latestRoundStage: null,
  totalRaised: null,
  logo: '',
  summary: '电驱动系统',
  isDemo: true,
  ...fields,
});

const hits: SearchHits = {
  ...NO_HITS,
  projects: [project(1), project(2, { brandName: '' })],
  investors: [
    {
      id: 7,
      name: '王敏',
      institutionId: 3,
      institutionName: '远景资本',
      title: '合伙人',
      industries: [],
      industryNames: [],
      stages: [],
      ticketMin: null,
      ticketMax: null,
      regions: [],
      regionNames: [],
      avatar: '',
      summary: '',
      isDemo: true,
    },
  ],
};

describe('applySearchEvent', () => {
  it('names the interaction and the session at the start, takes the hits from the card event, then the summary', () => {
    let turn = newTurn('新能源汽车 A轮', 'search');
    const start = applySearchEvent(turn, {
      type: 'status',
      status: 'start',
      chatuuid: '',
      searchId: 's-1',
      messageId: 42,
      engine: 'openai',
      isend: false,
    });
    expect(start.searchId).toBe('s-1');
    turn = start.turn;
    expect(turn.id).toBe(42);
    turn = applySearchEvent(turn, { type: 'card', cards: [], hits, isend: false }).turn;
    expect(turn.hits.projects).toHaveLength(2);
    expect(turn.answer.cards).toEqual([]);
    turn = applySearchEvent(turn, { type: 'delta', content: '共找到 2 个项目', isend: false }).turn;
    const end = applySearchEvent(turn, {
      type: 'status',
      status: 'done',
      messageId: 42,
      suggestions: [],
      isend: true,
    });
    expect(end.outcome.kind).toBe('end');
    expect(end.searchId).toBeUndefined();
    expect(end.turn.answer).toMatchObject({ content: '共找到 2 个项目', status: 'done' });
  });

  it('keeps the error message of an error event', () => {
    const applied = applySearchEvent(newTurn('q', 'fusion'), {
      type: 'error',
      code: -429,
      msg: '操作过于频繁，请稍后再试',
      isend: true,
    });
    expect(applied.outcome).toEqual({ kind: 'error', msg: '操作过于频繁，请稍后再试' });
    expect(applied.turn.answer.status).toBe('error');
  });
});

describe('fromInteraction', () => {
  it('shows a stored interaction as it was saved, with its quotes and hits', () => {
    const stored: AiInteraction = {
      id: 5,
      searchId: 's-1',
      kind: 'fusion',
      question: '储能',
      answer: '规模增长[1]',
      hits,
      quotes: [{ n: 1, pid: 9, title: '储能白皮书', pages: [3], text: '规模增长' }],
      status: 'stopped',
      createdAt: '2026-11-22T00:00:00Z',
    };
    const turn = fromInteraction(stored);
    expect(turn).toMatchObject({ id: 5, kind: 'fusion', question: '储能' });
    expect(turn.answer).toMatchObject({ content: '规模增长[1]', status: 'stopped' });
    expect(turn.answer.quotes).toHaveLength(1);
    expect(turn.hits.projects).toHaveLength(2);
  });
});

describe('hitGroups', () => {
  it('groups by kind, leaves out empty groups and names projects by brand when they have one', () => {
    const groups = hitGroups(hits, true);
    expect(groups.map((g) => [g.kind, g.title, g.items.length])).toEqual([
      ['project', '项目', 2],
      ['investor', '投资人', 1],
    ]);
    expect(groups[0]?.items.map((i) => i.name)).toEqual(['测试1', '深圳测试2汽车科技有限公司']);
    expect(groups[0]?.items[0]?.meta).toBe('新能源汽车 · A轮 · 深圳');
    expect(groups[1]?.items[0]?.meta).toBe('远景资本 · 合伙人');
  });

  it('links signed-out visitors to the public project list; investors keep the sign-in route', () => {
    const signedOut = hitGroups(hits, false);
    expect(signedOut[0]?.items[0]?.url).toBe('/plist?pid=1');
    expect(signedOut[1]?.items[0]?.url).toBe('/jq/investor?iid=7');
    expect(hitGroups(hits, true)[0]?.items[0]?.url).toBe('/jq/project?pid=1');
  });
});
