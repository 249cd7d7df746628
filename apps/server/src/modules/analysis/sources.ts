/**
 * What an analysis reads: an uploaded plan (PDF, PPTX or DOCX through the parsing module,
 * scanned pages by OCR when the server has it, at most MAX_PLAN_PAGES pages), or a library
 * project written out as a few pages of its record (overview, product, team, rounds, ask) so
 * the same extraction and citations apply.
 */
import { Code, stageLabel } from '@jq/contract';
import { asc, eq } from 'drizzle-orm';
import { projects, rounds } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../platform/database/index.js';
import type { OcrPort } from '../../platform/ocr/index.js';
import { type DocumentKind, ParseError, parseDocument } from '../parsing/index.js';
import { industryName } from '../reference/index.js';
import { readUploadedFile, sniffUploadKind } from '../uploads/index.js';
import type { PlanPage } from './extract.js';

export const MAX_PLAN_PAGES = 200;
const PLAN_KINDS = ['pdf', 'pptx', 'docx'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

export const analysisNotFound = () => new AppError(Code.NOT_FOUND, '分析不存在或无权访问');

export interface UploadedPlan {
  filename: string;
  kind: PlanKind;
  bytes: Buffer;
}

/** The caller's finished upload, checked to be a plan; another user's upload reads as missing. */
export async function readPlanUpload(
  deps: { db: Db; storage: import('../../platform/storage/index.js').StoragePort },
  userId: number,
  uploadId: string,
): Promise<UploadedPlan> {
  const { file, bytes } = await readUploadedFile(deps.db, deps.storage, uploadId, userId);
  const kind = sniffUploadKind(bytes, file.filename);
  if (!kind || !(PLAN_KINDS as readonly string[]).includes(kind))
    throw new AppError(Code.UNSUPPORTED_MEDIA_TYPE, '商业计划书支持 PDF、PPT（PPTX）与 Word（DOCX）文件');
  return { filename: file.filename, kind: kind as PlanKind, bytes };
}

export interface ParsedPlan {
  pages: PlanPage[];
  headings: Map<number, { text: string; start: number }[]>;
  warnings: string[];
}

/** The plan's pages; a file that cannot be read throws AppError with the reason to show. */
export async function parsePlan(
  plan: UploadedPlan,
  options: { ocr?: OcrPort; signal?: AbortSignal; onProgress?: (done: number, total: number) => void },
): Promise<ParsedPlan> {
  let doc: Awaited<ReturnType<typeof parseDocument>>;
  try {
    doc = await parseDocument(plan.bytes, {
      kind: plan.kind as DocumentKind,
      ocr: options.ocr,
      signal: options.signal,
      maxPages: MAX_PLAN_PAGES,
      filename: plan.filename,
      onProgress: options.onProgress,
    });
  } catch (error) {
    if (error instanceof ParseError) {
      const msg =
        error.reason === 'too_many_pages'
          ? `商业计划书最多 ${MAX_PLAN_PAGES} 页，请删减后重新上传`
          : error.reason === 'no_text'
            ? '计划书中没有可识别的文字（可能是扫描件或纯图片），请上传含文字的 PDF、PPTX 或 DOCX'
            : error.message;
      throw new AppError(Code.BAD_REQUEST, msg);
    }
    throw error;
  }
  const pages = doc.pages.map((p) => ({ no: p.no, label: p.label || `第 ${p.no} 页`, text: p.text }));
  const chars = pages.reduce((n, p) => n + p.text.replace(/\s/g, '').length, 0);
  if (chars < 40) {
    const scanned = doc.pages.some((p) => p.isScanned);
    throw new AppError(
      Code.BAD_REQUEST,
      scanned && !options.ocr
        ? '计划书是扫描件或纯图片，本服务未配置文字识别（OCR），请上传含文字的 PDF、PPTX 或 DOCX'
        : '计划书中没有可识别的文字（可能是扫描件或纯图片），请上传含文字的 PDF、PPTX 或 DOCX',
    );
  }
  const headings = new Map<number, { text: string; start: number }[]>();
  if (plan.kind === 'docx')
    for (const p of doc.pages)
      if (p.headings?.length)
        headings.set(
          p.no,
          p.headings.map((h) => ({ text: h.text, start: h.start })),
        );
  return { pages, headings, warnings: doc.warnings };
}

export interface ProjectSource {
  id: number;
  name: string;
  industryId: string;
  subIndustry: string;
  stage: number;
  pages: PlanPage[];
}

/** A library project as pages of its record. */
export async function readProject(db: Db, pid: number): Promise<ProjectSource> {
  const [project] = await db.select().from(projects).where(eq(projects.id, pid));
  if (!project) throw new AppError(Code.NOT_FOUND, '项目不存在');
  const history = await db.select().from(rounds).where(eq(rounds.projectId, pid)).orderBy(asc(rounds.date));
  const sub = project.industries.find((i) => i.includes('.')) ?? project.industryId;
  const stage = project.stage || project.latestRoundStage || 0;
  const name = project.brandName ? `${project.brandName}（${project.name}）` : project.name;
  const pages: PlanPage[] = [
    {
      no: 1,
      label: '项目概况',
      text: [
        `项目概况`,
        name,
        `所属行业：${industryName(sub)}`,
        project.foundedYear ? `成立于 ${project.foundedYear} 年` : '',
        project.description,
      ]
        .filter(Boolean)
        .join('\n'),
    },
    {
      no: 2,
      label: '产品与技术',
      text: [
        '产品与技术',
        project.products,
        project.patents.length ? `已获专利 ${project.patents.length} 项：` : '',
        ...project.patents.slice(0, 8).map((p) => `${p.title}（${p.type}，${p.number}）`),
      ]
        .filter(Boolean)
        .join('\n'),
    },
    {
      no: 3,
      label: '核心团队',
      text: [
        '核心团队',
        ...project.team.map((m) => `${m.name}，${m.title}${m.bio ? `，${m.bio}` : ''}`),
      ].join('\n'),
    },
    {
      no: 4,
      label: '融资历程',
      text: [
        '融资历程',
        ...history.map(
          (r) =>
            `${r.date} 完成${stageLabel(r.stage)}，金额${r.amountText || (r.amount ? `${r.amount}万元` : '未披露')}`,
        ),
        project.totalRaised ? `已完成累计融资 ${project.totalRaised} 万元` : '',
      ]
        .filter(Boolean)
        .join('\n'),
    },
    {
      no: 5,
      label: '融资需求',
      text: [
        '融资计划',
        stage ? `本轮为${stageLabel(stage)}融资` : '',
        project.amountSought ? `本轮拟融资 ${project.amountSought} 万元` : '融资金额未披露',
      ]
        .filter(Boolean)
        .join('\n'),
    },
  ];
  return {
    id: project.id,
    name: project.name,
    industryId: project.industryId,
    subIndustry: sub,
    stage,
    pages,
  };
}
