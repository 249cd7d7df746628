/** Match rows shaped like the server's, for the component tests. */
import type { InvestorMatchItem, MatchBreakdown, PrjSearchInfo, ProjectMatchItem } from '@jq/contract';

const fit = (points: number, max: number) => ({ fit: max > 0 ? points / max : 0, points, max });

export function breakdownOf(overrides: Partial<MatchBreakdown> = {}): MatchBreakdown {
  return {
    industry: fit(22, 25),
    stage: fit(12, 15),
    ticket: fit(8, 10),
    region: fit(5, 10),
    portfolio: fit(14, 20),
    thesis: fit(6, 10),
    activity: fit(7, 10),
    conflict: { fit: 0, points: 0, max: 0 },
    vip: { fit: 0, points: 0, max: 5 },
    ...overrides,
  };
}

export function investorItem(overrides: Partial<InvestorMatchItem> = {}): InvestorMatchItem {
  return {
    rank: 1,
    kind: 'investor',
    id: 42,
    investor: {
      id: 42,
      name: '林晓峰',
      title: '合伙人',
      avatar: '',
      institutionId: 7,
      institutionName: '远澈资本',
      industries: ['nev'],
      industryNames: ['新能源汽车'],
      stages: [3, 4],
      ticketMin: 2000,
      ticketMax: 8000,
      regions: [],
      regionNames: [],
      isDemo: true,
    },
    institution: null,
    score: 74,
    baseScore: 74,
    breakdown: breakdownOf(),
    reasons: [
      {
        text: '近两年在新能源汽车领域投资 8 次，其中 3 次为 A 轮',
        component: 'industry',
        refs: [
          { kind: 'project', id: 101, label: '驰电科技' },
          { kind: 'round', id: 9001, label: '2025-03 A轮' },
        ],
      },
      { text: '单笔 2000万-8000万，与拟融资 5000万 相符', component: 'ticket', refs: [] },
    ],
    conflict: { isConflict: false, competitors: [] },
    stats: { dealCount: 20, deals12m: 4, deals24m: 8, industryDeals: 8, lastDealAt: '2026-09-01' },
    ...overrides,
  };
}

export function projectItem(overrides: Partial<ProjectMatchItem> = {}): ProjectMatchItem {
  return {
    rank: 1,
    project: {
      id: 101,
      name: '常州驰电科技有限公司',
      brandName: '驰电科技',
      industryId: 'energy-storage',
      industryName: '储能',
      industries: ['energy-storage', 'energy-storage.ci'],
      industryNames: ['储能', '工商业储能'],
      tags: ['工商业储能一体柜'],
      stage: 3,
      stageLabel: 'A轮',
      amountSought: 5000,
      regionName: '江苏 · 常州',
      logo: '',
      isDemo: true,
      latestRoundAt: null,
      latestRoundStage: null,
      totalRaised: null,
      summary: '工商业储能一体柜',
    },
    score: 68,
    baseScore: 65,
    breakdown: breakdownOf({ vip: { fit: 0.6, points: 3, max: 5 } }),
    reasons: [{ text: '与你的储能投资组合相近', component: 'portfolio', refs: [] }],
    conflict: { isConflict: false, competitors: [] },
    isVipPriority: true,
    ...overrides,
  };
}

export function profileInfo(overrides: Partial<PrjSearchInfo> = {}): PrjSearchInfo {
  return {
    pid: null,
    name: '',
    industries: [],
    industryNames: [],
    stage: null,
    stageLabel: '',
    amount: null,
    regions: [],
    regionNames: [],
    tags: [],
    description: '我们做一款面向家庭的智能产品',
    source: 'description',
    parsed: { industry: false, stage: false, amount: false, region: false },
    ...overrides,
  };
}
