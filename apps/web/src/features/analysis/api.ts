/** The analysis calls (API.md "Project analysis and business-plan diagnosis"), through the one client and stream reader. */
import type { AnalysisResult, StreamEvent } from '@jq/contract';
import { apiPost } from '../../shared/api/client';
import { streamEvents } from '../../shared/api/stream';

export interface HistoryItem {
  id: number;
  mode: 'diagnosis' | 'investor';
  title: string;
  filename: string;
  status: string;
  createdAt: string;
  overall: number | null;
  readiness: number | null;
  projectId: number | null;
}

export const readResult = (id: number, signal?: AbortSignal) =>
  apiPost<AnalysisResult>('/project/GetAnalyseResult', { id }, { signal });

export const readHistory = (mode: 'diagnosis' | 'investor', signal?: AbortSignal) =>
  apiPost<{ list: HistoryItem[]; total: number }>(
    '/project/AnalyseHistory',
    { mode, pageSize: 20 },
    { signal },
  );

export const readPage = (id: number, page: number, signal?: AbortSignal) =>
  apiPost<{ no: number; label: string; text: string; pageCount: number }>(
    '/project/AnalysePage',
    { id, page },
    { signal },
  );

export const unlockAdvice = (id: number) =>
  apiPost<{ via: string; charged: number; power: number; result: AnalysisResult }>(
    '/project/UnlockAnalyseAdvice',
    { id },
  );

export const shareAnalysis = (id: number) =>
  apiPost<{ token: string; path: string }>('/project/ShareAnalyse', { id });

export const readShared = (token: string, signal?: AbortSignal) =>
  apiPost<Pick<AnalysisResult, 'id' | 'mode' | 'title' | 'pageCount' | 'createdAt' | 'content' | 'report'>>(
    '/project/GetSharedAnalyse',
    { token },
    { signal },
  );

export const searchProjects = (keyword: string, signal?: AbortSignal) =>
  apiPost<{
    list: { id: number; name: string; brandName: string; stageLabel: string; industryName: string }[];
  }>('/acproject/ProjectFuzzySearch', { keyword, pageSize: 8 }, { signal });

export function streamAnalyse(
  body: { uploadId?: string; pid?: number; mode: 'diagnosis' | 'investor' },
  signal: AbortSignal,
): AsyncGenerator<StreamEvent> {
  return streamEvents('/project/ProjectAnalyse', body, { signal, timeoutMs: 30_000 });
}
