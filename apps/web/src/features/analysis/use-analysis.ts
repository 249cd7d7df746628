/**
 * A run of ProjectAnalyse folded into a report as its cards arrive, and the stored result
 * when an id is known. The page's state lives in a small store, so it is kept when the user
 * leaves the page and comes back (spec: diagnosis and aianalyse keep their state).
 */
import type { AnalysisReport, Dimension, Flag, InvestorView, PeerFigures, PlanFacts } from '@jq/contract';
import { useQueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { analysisText } from '../../locales/zh-CN/analysis';
import { ApiError } from '../../shared/api/client';
import { uploadInSlices } from '../../shared/api/sliced-upload';
import { streamAnalyse } from './api';

export type Phase = 'idle' | 'uploading' | 'parsing' | 'analysing' | 'writing' | 'done' | 'stopped' | 'error';

export interface LiveRun {
  phase: Phase;
  percent: number;
  done: number;
  total: number;
  id: number | null;
  facts: PlanFacts | null;
  warnings: string[];
  peers: PeerFigures | null;
  dimensions: Dimension[];
  flags: Flag[] | null;
  readiness: AnalysisReport['readiness'] | null;
  overall: number | null;
  unlocked: boolean;
  investor: InvestorView | null;
  content: string;
  error: string | null;
  filename: string;
}

const EMPTY: LiveRun = {
  phase: 'idle',
  percent: 0,
  done: 0,
  total: 0,
  id: null,
  facts: null,
  warnings: [],
  peers: null,
  dimensions: [],
  flags: null,
  readiness: null,
  overall: null,
  unlocked: false,
  investor: null,
  content: '',
  error: null,
  filename: '',
};

interface RunState {
  runs: Record<'diagnosis' | 'investor', LiveRun>;
  selected: Record<'diagnosis' | 'investor', number | null>;
  set(mode: 'diagnosis' | 'investor', patch: (run: LiveRun) => Partial<LiveRun>): void;
  select(mode: 'diagnosis' | 'investor', id: number | null): void;
}

export const useRunStore = create<RunState>()((set) => ({
  runs: { diagnosis: EMPTY, investor: EMPTY },
  selected: { diagnosis: null, investor: null },
  set: (mode, patch) =>
    set((s) => ({ runs: { ...s.runs, [mode]: { ...s.runs[mode], ...patch(s.runs[mode]) } } })),
  select: (mode, id) => set((s) => ({ selected: { ...s.selected, [mode]: id } })),
}));

const controllers: Partial<Record<'diagnosis' | 'investor', AbortController>> = {};

/** Whether a live run has enough to show as a report. */
export function liveReport(run: LiveRun): AnalysisReport | null {
  if (!run.facts || !run.peers) return null;
  return {
    facts: run.facts,
    peers: run.peers,
    dimensions: run.dimensions,
    overall: run.overall ?? 0,
    flags: run.flags ?? [],
    readiness: run.readiness ?? { score: 0, level: '低', basis: [] },
    investor: run.investor,
    warnings: run.warnings,
  };
}

export function useStartRun(mode: 'diagnosis' | 'investor') {
  const queryClient = useQueryClient();
  const store = useRunStore;
  const patch = (p: (run: LiveRun) => Partial<LiveRun>) => store.getState().set(mode, p);

  const start = async (input: { file?: File; pid?: number }) => {
    controllers[mode]?.abort();
    const abort = new AbortController();
    controllers[mode] = abort;
    store.getState().select(mode, null);
    store.getState().set(mode, () => ({
      ...EMPTY,
      phase: input.file ? 'uploading' : 'analysing',
      filename: input.file?.name ?? '',
    }));
    try {
      let uploadId: string | undefined;
      if (input.file) {
        const uploaded = await uploadInSlices(input.file, {
          purpose: 'bp',
          signal: abort.signal,
          onProgress: (percent) => patch(() => ({ percent })),
        });
        uploadId = uploaded.id;
        patch(() => ({ percent: 100, phase: 'parsing' }));
      }
      for await (const event of streamAnalyse({ uploadId, pid: input.pid, mode }, abort.signal)) {
        if (event.type === 'status') {
          if (event.status === 'start') patch(() => ({ id: Number(event.id) }));
          else if (event.status === 'parsing')
            patch(() => ({ phase: 'parsing', done: Number(event.done), total: Number(event.total) }));
          else if (event.status === 'analysing') patch(() => ({ phase: 'analysing' }));
          else if (event.isend) patch(() => ({ phase: event.status === 'stopped' ? 'stopped' : 'done' }));
        } else if (event.type === 'card') {
          const e = event as Record<string, unknown>;
          if (e.card === 'facts')
            patch(() => ({ facts: e.facts as PlanFacts, warnings: (e.warnings as string[]) ?? [] }));
          else if (e.card === 'peers') patch(() => ({ peers: e.peers as PeerFigures }));
          else if (e.card === 'dimension')
            patch((r) => ({ dimensions: [...r.dimensions, e.dimension as Dimension] }));
          else if (e.card === 'flags') patch(() => ({ flags: e.flags as Flag[] }));
          else if (e.card === 'readiness')
            patch(() => ({
              readiness: e.readiness as AnalysisReport['readiness'],
              overall: Number(e.overall),
              unlocked: Boolean(e.unlocked),
              phase: 'writing',
            }));
          else if (e.card === 'investor') patch(() => ({ investor: e.investor as InvestorView }));
        } else if (event.type === 'delta') {
          patch((r) => ({ content: r.content + String(event.content) }));
        } else if (event.type === 'error') {
          patch(() => ({ phase: 'error', error: String(event.msg || analysisText.failed) }));
        }
      }
      const id = store.getState().runs[mode].id;
      void queryClient.invalidateQueries({ queryKey: ['analysis', 'history', mode] });
      if (id && store.getState().runs[mode].phase === 'done') store.getState().select(mode, id);
    } catch (error) {
      if (abort.signal.aborted) {
        patch(() => ({ phase: 'stopped' }));
        return;
      }
      patch(() => ({
        phase: 'error',
        error:
          error instanceof ApiError
            ? error.msg
            : error instanceof Error
              ? error.message
              : analysisText.failed,
      }));
    }
  };
  const stop = () => controllers[mode]?.abort();
  return { start, stop };
}
