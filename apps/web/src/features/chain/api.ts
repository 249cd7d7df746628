/**
 * The industry-chain calls of API.md, through the one API client and the one stream reader.
 * The map, the company page and the investment figures are short streams: each is read to
 * its end and folded into one result (cached by TanStack Query); the analysis is shown as it
 * streams (use-analysis.ts).
 */
import type {
  ChainAnalysis,
  ChainCompany,
  ChainEdgeSchema,
  ChainInstitution,
  ChainNodeStats,
  ChainNodeSummary,
  ChainSegmentView,
  ChainSuggestion,
  ChainSummary,
  ChainTimeline,
  ChainTotalsSchema,
  DeepChainMenu,
  StreamEvent,
} from '@jq/contract';
import type { z } from 'zod';
import { ApiError, apiPost } from '../../shared/api/client';
import { streamEvents } from '../../shared/api/stream';

export type ChainEdge = z.infer<typeof ChainEdgeSchema>;
export type ChainTotals = z.infer<typeof ChainTotalsSchema>;

export type ChainGraph =
  | {
      kind: 'found';
      chain: ChainSummary;
      focus: string | null;
      segments: ChainSegmentView[];
      edges: ChainEdge[];
      stats: Record<string, ChainNodeStats>;
      totals: ChainTotals;
      pending: boolean;
    }
  | { kind: 'notfound'; msg: string; suggestions: ChainSuggestion[] };

export interface GraphRequest {
  id?: string;
  keyword?: string;
}

type Event = StreamEvent & Record<string, unknown>;

async function collect(path: string, body: unknown, signal?: AbortSignal): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of streamEvents(path, body, { signal })) {
    if (event.type === 'error') throw new ApiError(Number(event.code), String(event.msg), 200);
    events.push(event as Event);
  }
  return events;
}

const cardOf = (events: Event[], kind: string) => events.find((e) => e.type === 'card' && e.card === kind);

export async function readChainGraph(request: GraphRequest, signal?: AbortSignal): Promise<ChainGraph> {
  const events = await collect('/chain/generateChainStream', request, signal);
  const first = events[0]!;
  if (first.status === 'notfound') {
    return { kind: 'notfound', msg: String(first.msg), suggestions: first.suggestions as ChainSuggestion[] };
  }
  const graph = cardOf(events, 'graph');
  const stats = cardOf(events, 'stats');
  return {
    kind: 'found',
    chain: first.chain as ChainSummary,
    focus: (first.focus as string | null) ?? null,
    segments: (graph?.segments as ChainSegmentView[]) ?? [],
    edges: (graph?.edges as ChainEdge[]) ?? [],
    stats: (stats?.nodes as Record<string, ChainNodeStats>) ?? {},
    totals: (stats?.totals as ChainTotals) ?? { companies: 0, institutions: 0, deals12m: 0, amount12m: 0 },
    pending: events.at(-1)?.pending === true,
  };
}

export interface CompaniesPage {
  node: ChainNodeSummary;
  total: number;
  list: ChainCompany[];
  institutions: ChainInstitution[];
  /** Why there is nothing to list. */
  empty: string | null;
}

export type CompanySort = 'latest' | 'confidence' | 'raised';

export async function readCompanies(
  request: { id: string; page: number; pageSize: number; sort: CompanySort },
  signal?: AbortSignal,
): Promise<CompaniesPage> {
  const events = await collect('/chain/generateCompanyData', request, signal);
  const last = events.at(-1)!;
  return {
    node: events[0]!.node as ChainNodeSummary,
    total: Number(events[0]!.total ?? 0),
    list: (cardOf(events, 'companies')?.list as ChainCompany[]) ?? [],
    institutions: (cardOf(events, 'institutions')?.list as ChainInstitution[]) ?? [],
    empty: last.status === 'empty' ? String(last.msg) : null,
  };
}

export interface Investment {
  summary: { since: string; deals: number; amount: number; companies: number } | null;
  timeline: ChainTimeline | null;
  stages: { stage: number; label: string; deals: number; amount: number }[];
  investors: { id: number; name: string; deals: number; leads: number }[];
  empty: string | null;
}

export async function readInvestment(
  request: { id: string; years: number },
  signal?: AbortSignal,
): Promise<Investment> {
  const events = await collect('/chain/generateInvestment', request, signal);
  const last = events.at(-1)!;
  const timeline = cardOf(events, 'timeline');
  return {
    summary: (cardOf(events, 'summary') as unknown as Investment['summary']) ?? null,
    timeline: timeline
      ? {
          periods: timeline.periods as string[],
          deals: timeline.deals as number[],
          amounts: timeline.amounts as number[],
        }
      : null,
    stages: (cardOf(events, 'stages')?.list as Investment['stages']) ?? [],
    investors: (cardOf(events, 'investors')?.list as Investment['investors']) ?? [],
    empty: last.status === 'empty' ? String(last.msg) : null,
  };
}

export function streamAnalyse(id: string, signal: AbortSignal) {
  return streamEvents('/chain/generateAnalyse', { id }, { signal, timeoutMs: 30_000 });
}

/** The caller's latest analysis of a chain or node; null when there is none yet. */
export async function readSavedAnalysis(id: string): Promise<ChainAnalysis | null> {
  try {
    return await apiPost<ChainAnalysis>('/chain/getAnalyse', { id }, { isSilent: true });
  } catch (error) {
    if (error instanceof ApiError && error.code === -404) return null;
    throw error;
  }
}

export function readDeepMenu(id: string) {
  return apiPost<DeepChainMenu>('/chain/getDeepChainMenu', { id });
}
