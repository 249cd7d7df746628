/**
 * One analysis, streamed and stored (ProjectAnalyse). The plan is read (progress events per
 * page), its facts extracted with their pages, compared with funded peers from the library,
 * scored on the rubric, flagged, and given a readiness estimate; each of these is sent as a
 * card the moment it is known, then the memo is written (local engine: composed from the
 * report; OpenAI-compatible engine: from the facts and peer figures only, citing pages).
 * Advice travels only to a caller who has unlocked it (VIP, or OptPerCharge once paid).
 */
import type { AnalysisMode, AnalysisReport, InvestorView, PlanFacts } from '@jq/contract';
import { stageLabel } from '@jq/contract';
import { eq } from 'drizzle-orm';
import { analyses } from '../../db/schema.js';
import type { StreamWriter } from '../../http/index.js';
import { CitationFilter } from '../../lib/citation-filter.js';
import type { Db } from '../../platform/database/index.js';
import type { LlmPort } from '../../platform/llm/index.js';
import type { OcrPort } from '../../platform/ocr/index.js';
import type { StoragePort } from '../../platform/storage/index.js';
import { getProjectChainPlace } from '../chain/index.js';
import { getIndustry, industryName } from '../reference/index.js';
import { deleteUploadedFile } from '../uploads/index.js';
import { citedPages, composeLocal, MODEL_SYSTEM, modelInput, modelSources } from './compose.js';
import { extractFacts, type PlanPage, segmentPages } from './extract.js';
import { activeInvestors, peerFigures } from './peers.js';
import { diagnose } from './rubric.js';
import { type ParsedPlan, parsePlan, readProject, type UploadedPlan } from './sources.js';

export interface RunDeps {
  db: Db;
  llm: LlmPort;
  storage: StoragePort;
  ocr?: OcrPort;
  /** Whether the caller may read the advice of a new analysis (VIP). */
  canReadAdvice: (analysisId: number) => Promise<boolean>;
  today?: string;
}

export type RunInput =
  | { kind: 'upload'; plan: UploadedPlan; uploadId: string }
  | { kind: 'project'; pid: number };

/** The report without the advice (the free summary). */
export function withoutAdvice(report: AnalysisReport): AnalysisReport {
  return { ...report, dimensions: report.dimensions.map((d) => ({ ...d, advice: null })) };
}

export interface BuiltReport {
  report: AnalysisReport;
  pages: PlanPage[];
}

/** The report of pages already read: extraction, peers, rubric, flags, readiness (no I/O but SQL). */
export async function buildReport(
  db: Db,
  input: {
    pages: PlanPage[];
    headings?: ParsedPlan['headings'];
    isPlan: boolean;
    mode: AnalysisMode;
    project?: { id: number; subIndustry: string; stage: number } | null;
    warnings?: string[];
    today?: string;
  },
): Promise<AnalysisReport> {
  const segments = segmentPages(input.pages, input.headings);
  const facts: PlanFacts = extractFacts(input.pages, segments);
  if (input.project) {
    const sub = input.project.subIndustry;
    if (getIndustry(sub)) facts.industry = { id: sub, name: industryName(sub), page: 1 };
    if (input.project.stage)
      facts.stage = { code: input.project.stage, label: stageLabel(input.project.stage), page: 5 };
  }
  const peers = await peerFigures(db, facts.industry?.id ?? null, facts.stage?.code ?? null, {
    today: input.today,
    excludeProjectId: input.project?.id ?? null,
  });
  const diagnosis = diagnose(facts, peers, segments, input.isPlan);
  const warnings = [...(input.warnings ?? [])];
  if (facts.language === 'en')
    warnings.push('这是一份英文计划书：已按英文关键词识别各部分，美元金额按 1 美元 = 7.2 元折算为万元。');
  if (!facts.industry)
    warnings.push('未能从计划书识别出所属行业，同行对比不可用；请在封面或公司介绍写明行业。');
  if (!facts.stage)
    warnings.push('未能识别本轮融资轮次，同行对比不可用；请在融资计划中写明轮次（如 A 轮）。');
  let investor: InvestorView | null = null;
  if (input.mode === 'investor') {
    const strengths = diagnosis.dimensions
      .filter((d) => d.key !== 'completeness' && d.score >= 65)
      .sort((a, b) => b.score - a.score)
      .slice(0, 4)
      .map((d) => `${d.label}：${d.summary}`);
    const risks = [
      ...diagnosis.flags.filter((f) => f.code !== 'missing_section').map((f) => f.message),
      ...diagnosis.dimensions
        .filter((d) => d.key !== 'completeness' && d.score < 45)
        .map((d) => `${d.label}：${d.summary}`),
    ].slice(0, 5);
    const place = input.project ? (await getProjectChainPlace(db, input.project.id))[0] : undefined;
    investor = {
      strengths,
      risks,
      investors: peers.industryId ? await activeInvestors(db, peers.industryId, input.today) : [],
      chain: place
        ? {
            chainId: place.chainId,
            chainName: place.chainName,
            nodeId: place.nodeId,
            nodeName: place.nodeName,
            segment: place.segment,
          }
        : null,
      subIndustry: facts.industry?.name ?? '',
    };
  }
  return {
    facts,
    peers,
    dimensions: diagnosis.dimensions,
    overall: diagnosis.overall,
    flags: diagnosis.flags,
    readiness: diagnosis.readiness,
    investor,
    warnings,
  };
}

const PROGRESS_EVERY_MS = 150;

export async function runAnalysis(
  deps: RunDeps,
  owner: { userId: number },
  mode: AnalysisMode,
  input: RunInput,
  stream: StreamWriter,
): Promise<number> {
  const { db, llm } = deps;
  const [row] = await db
    .insert(analyses)
    .values({
      userId: owner.userId,
      mode,
      source: input.kind,
      projectId: input.kind === 'project' ? input.pid : null,
      filename: input.kind === 'upload' ? input.plan.filename : '',
      fileKind: input.kind === 'upload' ? input.plan.kind : '',
      title: input.kind === 'upload' ? input.plan.filename.replace(/\.[^.]+$/, '') : '',
      status: 'running',
      engine: llm.engine,
      model: llm.model,
    })
    .returning({ id: analyses.id });
  const id = row!.id;
  stream.send({ type: 'status', status: 'start', id, mode, engine: llm.engine, isend: false });
  const fail = (reason: string, status: 'failed' | 'stopped' = 'failed') =>
    db.update(analyses).set({ status, failReason: reason, updatedAt: new Date() }).where(eq(analyses.id, id));

  try {
    let pages: PlanPage[];
    let headings: ParsedPlan['headings'] | undefined;
    let warnings: string[] = [];
    let project: { id: number; subIndustry: string; stage: number } | null = null;
    let title = '';
    if (input.kind === 'upload') {
      let last = 0;
      const parsed = await parsePlan(input.plan, {
        ocr: deps.ocr,
        signal: stream.signal,
        onProgress: (done, total) => {
          const now = Date.now();
          if (done < total && now - last < PROGRESS_EVERY_MS) return;
          last = now;
          stream.send({ type: 'status', status: 'parsing', done, total, isend: false });
        },
      });
      ({ pages, headings, warnings } = parsed);
      const storageKey = `analysis/${owner.userId}/${id}.${input.plan.kind}`;
      await deps.storage.put(storageKey, input.plan.bytes);
      await db
        .update(analyses)
        .set({ storageKey, pageCount: pages.length, pages })
        .where(eq(analyses.id, id));
      await deleteUploadedFile(db, deps.storage, input.uploadId, owner.userId).catch(() => {});
    } else {
      const source = await readProject(db, input.pid);
      pages = source.pages;
      project = { id: source.id, subIndustry: source.subIndustry, stage: source.stage };
      title = source.name;
      await db.update(analyses).set({ title, pageCount: pages.length, pages }).where(eq(analyses.id, id));
    }
    stream.send({ type: 'status', status: 'analysing', pageCount: pages.length, isend: false });

    const report = await buildReport(db, {
      pages,
      headings,
      isPlan: input.kind === 'upload',
      mode,
      project,
      warnings,
      today: deps.today,
    });
    if (!title) title = report.facts.company?.value ?? '';
    const unlocked = await deps.canReadAdvice(id);
    const shown = unlocked ? report : withoutAdvice(report);
    stream.send({
      type: 'card',
      card: 'facts',
      facts: report.facts,
      warnings: report.warnings,
      isend: false,
    });
    stream.send({ type: 'card', card: 'peers', peers: report.peers, isend: false });
    for (const dimension of shown.dimensions)
      stream.send({ type: 'card', card: 'dimension', dimension, isend: false });
    stream.send({ type: 'card', card: 'flags', flags: report.flags, isend: false });
    stream.send({
      type: 'card',
      card: 'readiness',
      readiness: report.readiness,
      overall: report.overall,
      unlocked,
      isend: false,
    });
    if (report.investor)
      stream.send({ type: 'card', card: 'investor', investor: report.investor, isend: false });
    await db
      .update(analyses)
      .set({
        report: report as unknown as Record<string, unknown>,
        title: title.slice(0, 200),
        updatedAt: new Date(),
      })
      .where(eq(analyses.id, id));

    const cited = citedPages(report);
    const filter = new CitationFilter(cited);
    let content = '';
    const emit = (text: string) => {
      if (!text) return;
      content += text;
      stream.send({ type: 'delta', content: text, isend: false });
    };
    if (llm.engine === 'local') {
      const text = composeLocal(report, mode, true);
      for (let i = 0; i < text.length && !stream.signal.aborted; i += 48)
        emit(filter.push(text.slice(i, i + 48)));
    } else {
      const events = llm.generate({
        system: MODEL_SYSTEM,
        messages: [
          {
            role: 'user',
            content: `提取结果与同行数据：${modelInput(report)}\n\n请写${mode === 'investor' ? '投资初筛备忘' : '商业计划书诊断点评'}。`,
          },
        ],
        sources: modelSources(pages, cited),
        temperature: 0.3,
        maxTokens: 1200,
        signal: stream.signal,
        userId: owner.userId,
        purpose: mode === 'investor' ? 'project-analyse' : 'bp-diagnosis',
      });
      for await (const event of events) if (event.type === 'delta') emit(filter.push(event.content));
    }
    emit(filter.flush());
    const status = stream.signal.aborted ? 'stopped' : 'done';
    await db.update(analyses).set({ status, content, updatedAt: new Date() }).where(eq(analyses.id, id));
    stream.end({ type: 'status', status, id, isend: true });
    return id;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await fail(
      stream.signal.aborted ? '已停止' : message.slice(0, 300),
      stream.signal.aborted ? 'stopped' : 'failed',
    );
    throw error;
  }
}
