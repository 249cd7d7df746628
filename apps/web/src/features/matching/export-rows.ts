/**
 * The Excel export of a match result: one row per ranked investor or institution, with the
 * total, every component's points (Chinese headers from the contract), the conflict, the
 * VIP boost, the reasons (numbered, one per line) and a link to the library record. Fetches
 * up to EXPORT_MAX rows of the current tab and filters, 100 per call.
 */
import {
  type InvestorMatchItem,
  MATCH_COMPONENT_LABELS,
  MATCH_COMPONENTS,
  type ProjectMatchItem,
} from '@jq/contract';
import dayjs from 'dayjs';
import { matching } from '../../locales/zh-CN/matching';
import { formatStage, formatWan, formatWanRange } from '../../shared/format/figures';
import { getMatchResult, type MatchResultRequest, matchProjects, type ProjectMatchRequest } from './api';
import { partyOf } from './investor-match-row';
import { refHref } from './match-reasons';
import { formatPoints } from './score-bars';
import type { Cell, SheetSpec } from './workbook';

export const EXPORT_MAX = 200;
const EXPORT_PAGE_SIZE = 100;

const round1 = (n: number) => Number(formatPoints(n));

function reasonsText(reasons: { text: string }[]): string {
  return reasons.map((reason, i) => `${i + 1}. ${reason.text}`).join('\n');
}

const componentHeaders = MATCH_COMPONENTS.map((key) => MATCH_COMPONENT_LABELS[key]);

function componentCells(breakdown: InvestorMatchItem['breakdown']): Cell[] {
  return MATCH_COMPONENTS.map((key) => round1(breakdown[key].points));
}

/** Investors and institutions of a stored match as a sheet; `origin` makes the links absolute. */
export function investorSheet(items: InvestorMatchItem[], origin: string): SheetSpec {
  const h = matching.exportHeader;
  return {
    name: matching.exportSheet,
    header: [
      h.rank,
      h.kind,
      h.name,
      h.institution,
      h.focus,
      h.score,
      ...componentHeaders,
      h.conflict,
      h.reasons,
      h.link,
    ],
    widths: [6, 8, 18, 24, 28, 8, ...componentHeaders.map(() => 10), 20, 60, 40],
    rows: items.map((item) => {
      const party = partyOf(item);
      const href = refHref({ kind: item.kind, id: item.id });
      return [
        item.rank,
        matching.kindLabel[item.kind],
        party.name,
        party.subtitle,
        [
          party.industryNames.slice(0, 3).join('、'),
          party.stages.slice(0, 4).map(formatStage).join('、'),
          formatWanRange(party.ticketMin, party.ticketMax),
        ]
          .filter(Boolean)
          .join(' · '),
        round1(item.score),
        ...componentCells(item.breakdown),
        item.conflict.isConflict
          ? item.conflict.competitors.map((c) => c.name).join('、') || matching.yes
          : '',
        reasonsText(item.reasons),
        href ? `${origin}${href}` : '',
      ];
    }),
  };
}

/** Projects of an investor-side match as a sheet. */
export function projectSheet(items: ProjectMatchItem[], origin: string): SheetSpec {
  const h = matching.exportHeader;
  return {
    name: matching.exportProjectSheet,
    header: [
      h.rank,
      h.name,
      h.industry,
      h.stage,
      h.amount,
      h.region,
      h.score,
      ...componentHeaders,
      h.conflict,
      h.reasons,
      h.link,
    ],
    widths: [6, 20, 18, 10, 12, 14, 8, ...componentHeaders.map(() => 10), 20, 60, 40],
    rows: items.map((item) => [
      item.rank,
      item.project.brandName || item.project.name,
      item.project.industryNames.join(' / ') || item.project.industryName,
      item.project.stageLabel,
      formatWan(item.project.amountSought),
      item.project.regionName,
      round1(item.score),
      ...componentCells(item.breakdown),
      item.conflict.isConflict ? item.conflict.competitors.map((c) => c.name).join('、') || matching.yes : '',
      reasonsText(item.reasons),
      `${origin}${refHref({ kind: 'project', id: item.project.id })}`,
    ]),
  };
}

/** 金桥匹配结果_储能一体柜_20261122.xlsx */
export function exportFileName(
  subject: { name: string; industryNames: string[] } | null | undefined,
  now = new Date(),
): string {
  const name = (subject?.name || subject?.industryNames[0] || matching.exportSheet)
    .replace(/[\\/:*?"<>|\s]+/g, '')
    .slice(0, 30);
  return `${matching.exportFile(name, dayjs(now).format('YYYYMMDD'))}.xlsx`;
}

async function collect<T>(fetchPage: (page: number) => Promise<{ list: T[]; total: number }>): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; rows.length < EXPORT_MAX; page++) {
    const result = await fetchPage(page);
    rows.push(...result.list);
    if (result.list.length === 0 || page * EXPORT_PAGE_SIZE >= result.total) break;
  }
  return rows.slice(0, EXPORT_MAX);
}

export function collectInvestorMatches(request: MatchResultRequest) {
  return collect((page) => getMatchResult({ ...request, page, pageSize: EXPORT_PAGE_SIZE }));
}

export function collectProjectMatches(request: ProjectMatchRequest) {
  return collect((page) => matchProjects({ ...request, page, pageSize: EXPORT_PAGE_SIZE }));
}
