/**
 * 2–4 short Chinese reasons per match, each built from evidence in the index and pointing
 * at the records it rests on (projects, rounds, the investor or institution). Direction
 * decides the voice: to a founder about an investor (近两年在储能领域投资 8 次), or to an
 * investor about a project (属于储能领域，您在该领域已投 6 个项目). A conflict and a VIP
 * boost are always said; the rest go by the points they add.
 */
import {
  MATCH_REASONS_MAX,
  type MatchComponent,
  type MatchReason,
  type MatchRef,
  stageLabel,
} from '@jq/contract';
import { industryName, regionName } from '../reference/index.js';
import { dayString } from './build-index.js';
import { FIT_ORDER } from './score.js';
import { stageNeighbours, taxonomy } from './taxonomy.js';
import type { EntityBundle, EntityProfile, MatchIndex, ProjectFeatures } from './types.js';
import { dotSparse } from './vectors.js';
import { WEIGHTS } from './weights.js';

export type Direction = 'toInvestors' | 'toProjects';

export interface ReasonInput {
  index: MatchIndex;
  project: ProjectFeatures;
  /** The project's display name (the profile's, for a description). */
  projectName: string;
  entity: EntityProfile;
  /** The entity's bundle (null for a thesis). */
  bundle: EntityBundle | null;
  fits: Float64Array;
  conflicts: number[];
  vipBoost: number;
  direction: Direction;
}

/** 万元 as people say it: 800万元, 1.2亿元. */
export function formatAmount(wan: number): string {
  if (wan >= 10_000) return `${Number((wan / 10_000).toFixed(wan >= 100_000 ? 0 : 1))}亿元`;
  return `${Math.round(wan)}万元`;
}

interface Candidate extends MatchReason {
  points: number;
}

function projectRef(index: MatchIndex, p: number): MatchRef {
  return { kind: 'project', id: index.projects.id[p]!, label: index.projects.name(p) };
}

function roundRef(index: MatchIndex, e: EntityProfile, k: number): MatchRef {
  const p = e.deals.project[k]!;
  const label = `${index.projects.name(p)} ${dayString(e.deals.day[k]!).slice(0, 7)} ${stageLabel(e.deals.stage[k]!)}`;
  return { kind: 'round', id: e.deals.round[k]!, label };
}

function entityRef(input: ReasonInput): MatchRef[] {
  const { bundle, entity } = input;
  if (!bundle) return [];
  const summary = bundle.summary(entity.idx);
  return [{ kind: bundle.kind, id: summary.id, label: summary.name }];
}

/** Deal positions (newest first) that pass `test`. */
function dealsWhere(e: EntityProfile, test: (project: number, k: number) => boolean): number[] {
  const out: number[] = [];
  for (let k = 0; k < e.n; k++) if (test(e.deals.project[k]!, k)) out.push(k);
  return out;
}

function industryReason(input: ReasonInput): Candidate | undefined {
  const { index, project: p, entity: e, direction } = input;
  const tax = taxonomy();
  const topName = industryName(tax.industryIds[p.top]!);
  const field = p.sub >= 0 ? industryName(tax.industryIds[p.sub]!) : topName;
  const inTop = dealsWhere(e, (project) => index.projects.top[project] === p.top);
  const recent = inTop.filter((k) => index.nowDay - e.deals.day[k]! <= 730);
  const atStage = recent.filter((k) => e.deals.stage[k] === p.stage);
  const refs = [...new Set(inTop.map((k) => e.deals.project[k]!))]
    .slice(0, 3)
    .map((q) => projectRef(index, q));
  let text: string | undefined;
  if (direction === 'toInvestors') {
    if (recent.length)
      text = `近两年在${topName}领域投资 ${recent.length} 次${atStage.length && p.stage ? `，其中 ${atStage.length} 次为${stageLabel(p.stage)}` : ''}`;
    else if (inTop.length) text = `累计在${topName}领域投资 ${inTop.length} 次`;
    else if (p.sub >= 0 && e.statedSubs.has(p.sub)) text = `公开的投资方向包含${field}`;
    else if (e.statedTops.has(p.top)) text = `公开的投资方向包含${topName}`;
    else text = `投资方向覆盖${topName}的上下游产业`;
  } else {
    const projects = new Set(inTop.map((k) => e.deals.project[k]!)).size;
    if (projects) text = `属于${field}领域，您在${topName}领域已投 ${projects} 个项目`;
    else if (e.statedTops.has(p.top)) text = `属于您关注的${topName}领域（${field}）`;
    else text = `属于${topName}，与您关注的领域处在同一产业链`;
  }
  return { component: 'industry', text, refs: refs.length ? refs : entityRef(input), points: 0 };
}

function stageReason(input: ReasonInput): Candidate | undefined {
  const { index, project: p, entity: e, direction } = input;
  if (!p.stage) return undefined;
  const label = stageLabel(p.stage);
  const at = dealsWhere(e, (_, k) => e.deals.stage[k] === p.stage);
  const near = stageNeighbours(p.stage);
  const refs = at.slice(0, 2).map((k) => roundRef(index, e, k));
  if (direction === 'toInvestors') {
    if (at.length)
      return { component: 'stage', text: `${e.n} 笔投资中有 ${at.length} 笔为${label}`, refs, points: 0 };
    if (e.statedStages.has(p.stage))
      return { component: 'stage', text: `公开关注${label}项目`, refs: entityRef(input), points: 0 };
    if (near.some((s) => e.statedStages.has(s)))
      return { component: 'stage', text: `关注阶段与${label}相邻`, refs: entityRef(input), points: 0 };
    return undefined;
  }
  if (at.length)
    return {
      component: 'stage',
      text: `正在进行${label}融资，您投过 ${at.length} 笔${label}`,
      refs,
      points: 0,
    };
  if (e.statedStages.has(p.stage))
    return {
      component: 'stage',
      text: `正在进行${label}融资，在您关注的阶段内`,
      refs: p.idx >= 0 ? [projectRef(index, p.idx)] : [],
      points: 0,
    };
  return undefined;
}

function ticketReason(input: ReasonInput): Candidate | undefined {
  const { project: p, entity: e, direction } = input;
  if (p.amount === null || !(p.amount > 0)) return undefined;
  const amount = formatAmount(p.amount);
  const range =
    e.ticketMin !== null && e.ticketMax !== null
      ? `${formatAmount(e.ticketMin)}–${formatAmount(e.ticketMax)}`
      : '';
  const cheque = p.amount / 2;
  const inRange =
    e.ticketMin !== null &&
    e.ticketMax !== null &&
    cheque >= e.ticketMin * 0.5 &&
    cheque <= e.ticketMax * 1.5;
  if (direction === 'toInvestors') {
    if (range && inRange)
      return {
        component: 'ticket',
        text: `单笔投资 ${range}，与本轮 ${amount} 相当`,
        refs: entityRef(input),
        points: 0,
      };
    if (e.chequeCount) {
      const typical = formatAmount(Math.exp(e.chequeLogMean));
      return {
        component: 'ticket',
        text: `过往单笔出资约 ${typical}，本轮拟融 ${amount}`,
        refs: entityRef(input),
        points: 0,
      };
    }
    return undefined;
  }
  if (range && inRange)
    return {
      component: 'ticket',
      text: `本轮拟融资 ${amount}，与您的单笔投资 ${range} 相当`,
      refs: [],
      points: 0,
    };
  if (e.chequeCount)
    return {
      component: 'ticket',
      text: `本轮拟融资 ${amount}，与您过往单笔出资约 ${formatAmount(Math.exp(e.chequeLogMean))} 相当`,
      refs: [],
      points: 0,
    };
  return undefined;
}

function regionReason(input: ReasonInput): Candidate | undefined {
  const { index, project: p, entity: e, direction } = input;
  if (p.province < 0) return undefined;
  const name = regionName(taxonomy().provinceIds[p.province]!);
  const here = dealsWhere(e, (project) => index.projects.province[project] === p.province);
  const projects = [...new Set(here.map((k) => e.deals.project[k]!))];
  const refs = projects.slice(0, 2).map((q) => projectRef(index, q));
  if (direction === 'toInvestors') {
    if (projects.length)
      return { component: 'region', text: `在${name}投资过 ${projects.length} 个项目`, refs, points: 0 };
    if (e.statedProvinces.has(p.province))
      return { component: 'region', text: `重点关注${name}地区`, refs: entityRef(input), points: 0 };
    return undefined;
  }
  if (projects.length)
    return {
      component: 'region',
      text: `位于${name}，您在当地投资过 ${projects.length} 个项目`,
      refs,
      points: 0,
    };
  if (e.statedProvinces.has(p.province))
    return { component: 'region', text: `位于您关注的${name}`, refs: [], points: 0 };
  return undefined;
}

function portfolioReason(input: ReasonInput): Candidate | undefined {
  const { index, project: p, entity: e, direction } = input;
  const t = index.projects;
  let best = -1;
  let bestSim = 0.15;
  for (const q of e.projectList()) {
    if (q === p.idx) continue;
    const start = t.vecStart[q]!;
    const end = t.vecStart[q + 1]!;
    const sim = dotSparse(p.vec, {
      ids: t.vecIds.subarray(start, end),
      weights: t.vecWeights.subarray(start, end),
    });
    if (sim > bestSim) {
      bestSim = sim;
      best = q;
    }
  }
  if (best < 0) return undefined;
  const same =
    t.sub[best] === p.sub && p.sub >= 0 ? `（同属${industryName(taxonomy().industryIds[p.sub]!)}）` : '';
  const name = t.name(best);
  const text =
    direction === 'toInvestors' ? `已投的${name}与本项目业务相近${same}` : `与您已投的${name}业务相近${same}`;
  return { component: 'portfolio', text, refs: [projectRef(index, best)], points: 0 };
}

function thesisReason(input: ReasonInput): Candidate | undefined {
  const { index, project: p, entity: e, direction } = input;
  const shared: { token: string; weight: number }[] = [];
  const vec = e.thesisVec;
  for (let i = 0, j = 0; i < p.vec.ids.length && j < vec.ids.length; ) {
    const a = p.vec.ids[i]!;
    const b = vec.ids[j]!;
    if (a === b) {
      const token = index.vocabulary.tokens[a]!;
      if ([...token].length >= 2) shared.push({ token, weight: p.vec.weights[i]! * vec.weights[j]! });
      i++;
      j++;
    } else if (a < b) i++;
    else j++;
  }
  if (!shared.length) return undefined;
  const words = shared
    .sort((a, b) => b.weight - a.weight)
    .slice(0, 3)
    .map((s) => `“${s.token}”`)
    .join('');
  const text =
    direction === 'toInvestors' ? `投资理念与本项目都提到${words}` : `项目介绍与您的投资理念都提到${words}`;
  return { component: 'thesis', text, refs: entityRef(input), points: 0 };
}

function activityReason(input: ReasonInput): Candidate | undefined {
  const { index, entity: e, direction } = input;
  if (direction === 'toProjects' || !e.n) return undefined;
  const refs = [0, 1].filter((k) => k < e.n).map((k) => roundRef(index, e, k));
  if (e.deals12)
    return { component: 'activity', text: `近 12 个月出手 ${e.deals12} 次，仍在活跃投资`, refs, points: 0 };
  if (e.deals24) return { component: 'activity', text: `近两年出手 ${e.deals24} 次`, refs, points: 0 };
  return {
    component: 'activity',
    text: `最近一次出手在 ${dayString(e.lastDealDay).slice(0, 7)}`,
    refs: refs.slice(0, 1),
    points: 0,
  };
}

function conflictReason(input: ReasonInput): Candidate | undefined {
  const { index, project: p, conflicts, direction } = input;
  if (!conflicts.length) return undefined;
  const names = conflicts.slice(0, 2).map((q) => index.projects.name(q));
  const line = p.group >= 0 ? `（同为${index.projects.groupLabel[p.group]}）` : '';
  const text =
    direction === 'toInvestors'
      ? `已投竞品${names.join('、')}${line}`
      : `您已投竞品${names.join('、')}${line}`;
  return {
    component: 'conflict',
    text,
    refs: conflicts.slice(0, 3).map((q) => projectRef(index, q)),
    points: 0,
  };
}

/** Portfolio projects in the project's competitor group (not the project itself). */
export function competitorsOf(index: MatchIndex, p: ProjectFeatures, e: EntityProfile): number[] {
  if (p.group < 0) return [];
  return Array.from(e.projectList()).filter((q) => q !== p.idx && index.projects.group[q] === p.group);
}

const BUILDERS: Record<
  Exclude<MatchComponent, 'conflict' | 'vip'>,
  (input: ReasonInput) => Candidate | undefined
> = {
  industry: industryReason,
  stage: stageReason,
  ticket: ticketReason,
  region: regionReason,
  portfolio: portfolioReason,
  thesis: thesisReason,
  activity: activityReason,
};

export function buildReasons(input: ReasonInput): MatchReason[] {
  const fixed: MatchReason[] = [];
  const conflict = conflictReason(input);
  if (conflict) fixed.push(conflict);
  if (input.vipBoost > 0 && input.project.idx >= 0)
    fixed.push({
      component: 'vip',
      text: `VIP 优先匹配（+${input.vipBoost} 分）`,
      refs: [projectRef(input.index, input.project.idx)],
    });
  const ranked: Candidate[] = [];
  FIT_ORDER.forEach((key, i) => {
    const reason = BUILDERS[key](input);
    if (reason) ranked.push({ ...reason, points: WEIGHTS[key] * input.fits[i]! });
  });
  ranked.sort((a, b) => b.points - a.points);
  const out = [...fixed, ...ranked.map(({ points: _points, ...reason }) => reason)];
  return out.slice(0, MATCH_REASONS_MAX);
}
