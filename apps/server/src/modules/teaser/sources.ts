/**
 * Where a new teaser's facts come from: one of the user's own projects, an uploaded
 * business plan (PDF, PPTX or DOCX, read by the parsing module, scanned pages by OCR), or
 * what the founder typed. Industries, stage, amount and region a plan names are read with
 * the matching module's description parser; what the founder typed wins.
 */
import { Code, type CreateTeaserRequest, type TeaserFields } from '@jq/contract';
import { and, eq, or, sql } from 'drizzle-orm';
import { projects } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import type { Db } from '../../platform/database/index.js';
import type { OcrPort } from '../../platform/ocr/index.js';
import type { StoragePort } from '../../platform/storage/index.js';
import { parseDescription } from '../matching/index.js';
import { type DocumentKind, ParseError, parseDocument } from '../parsing/index.js';
import { getIndustry, getRegion } from '../reference/index.js';
import { deleteUploadedFile, readUploadedFile, sniffUploadKind } from '../uploads/index.js';

/** A plan's text kept for composing (the local engine quotes it; the online one reads it). */
export const SOURCE_TEXT_MAX = 60_000;
const PLAN_KINDS = ['pdf', 'pptx', 'docx'];

export interface SourceFacts {
  source: CreateTeaserRequest['source'];
  projectId: number | null;
  sourceFilename: string;
  sourceText: string;
  companyName: string;
  industries: string[];
  stage: number;
  amount: number | null;
  regionCode: string;
  foundedYear: number | null;
  tags: string[];
  facts: Record<string, string>;
  people: string[];
  contacts: { name: string; phone: string; email: string; wechat: string };
}

export interface SourceDeps {
  db: Db;
  storage: StoragePort;
  ocr?: OcrPort;
}

const empty = (): SourceFacts => ({
  source: 'form',
  projectId: null,
  sourceFilename: '',
  sourceText: '',
  companyName: '',
  industries: [],
  stage: 0,
  amount: null,
  regionCode: '',
  foundedYear: null,
  tags: [],
  facts: {},
  people: [],
  contacts: { name: '', phone: '', email: '', wechat: '' },
});

export function checkIndustries(ids: string[]): string[] {
  for (const id of ids) if (!getIndustry(id)) throw badRequest(`行业：未知的行业编号 ${id}`);
  return ids;
}

export function checkRegion(code: string): string {
  if (code && !getRegion(code)) throw badRequest(`地区：未知的地区编号 ${code}`);
  return code;
}

async function fromProject(db: Db, userId: number, pid: number): Promise<SourceFacts> {
  const [project] = await db
    .select()
    .from(projects)
    .where(
      and(
        eq(projects.id, pid),
        or(
          eq(projects.ownerUserId, userId),
          sql`exists (select 1 from user_projects up where up.user_id = ${userId}
                and up.project_id = ${projects.id} and up.relation = 'owner')`,
        ),
      ),
    )
    .limit(1);
  if (!project) throw notFound('项目不存在，或不是您的项目');
  const team = project.team.map(
    (m) => `${m.name}${m.title ? `（${m.title}）` : ''}${m.bio ? `：${m.bio}` : ''}`,
  );
  const contact = project.contacts[0];
  return {
    ...empty(),
    source: 'project',
    projectId: project.id,
    sourceText: [project.description, project.products].filter(Boolean).join('\n'),
    companyName: project.name,
    industries: [project.industryId, ...project.industries.filter((i) => i !== project.industryId)].slice(
      0,
      5,
    ),
    stage: project.stage,
    amount: project.amountSought,
    regionCode: project.cityCode ?? project.provinceCode ?? '',
    foundedYear: project.foundedYear,
    tags: project.tags.slice(0, 10),
    facts: {
      ...(project.brandName ? { brand: project.brandName } : {}),
      description: project.description,
      products: project.products,
      team: team.join('\n'),
      ...(project.totalRaised ? { raised: `累计融资 ${project.totalRaised} 万元` } : {}),
    },
    people: project.team.map((m) => m.name).filter((n) => n.length >= 2),
    contacts: {
      name: contact?.name ?? '',
      phone: contact?.phone ?? '',
      email: contact?.email ?? '',
      wechat: contact?.wechat ?? '',
    },
  };
}

async function fromUpload(deps: SourceDeps, userId: number, uploadId: string): Promise<SourceFacts> {
  const { file, bytes } = await readUploadedFile(deps.db, deps.storage, uploadId, userId);
  const kind = sniffUploadKind(bytes, file.filename);
  if (!kind || !PLAN_KINDS.includes(kind))
    throw new AppError(Code.UNSUPPORTED_MEDIA_TYPE, '商业计划书支持 PDF、PPT（PPTX）与 Word（DOCX）文件');
  let text = '';
  try {
    const doc = await parseDocument(bytes, {
      kind: kind as DocumentKind,
      ocr: deps.ocr,
      maxPages: 200,
      filename: file.filename,
    });
    text = doc.pages
      .map((p) => p.text)
      .join('\n')
      .replace(/[ \t]+/g, ' ')
      .trim();
  } catch (error) {
    if (error instanceof ParseError) throw badRequest(error.message);
    throw error;
  }
  if (text.replace(/\s/g, '').length < 20) {
    throw badRequest(
      deps.ocr
        ? '未能从商业计划书中读出文字（可能是扫描件且识别失败），请上传含文字的文件，或改用表单填写'
        : '商业计划书没有可读的文字（可能是扫描件），本服务未配置文字识别，请上传含文字的文件，或改用表单填写',
    );
  }
  const parsed = parseDescription(text.slice(0, 20_000));
  const companyName = text.match(/([\u4e00-\u9fa5]{2,20}(?:股份)?有限(?:责任)?公司)/)?.[1] ?? '';
  await deleteUploadedFile(deps.db, deps.storage, uploadId, userId).catch(() => {});
  return {
    ...empty(),
    source: 'upload',
    sourceFilename: file.filename,
    sourceText: text.slice(0, SOURCE_TEXT_MAX),
    companyName,
    industries: parsed.industries,
    stage: parsed.stage ?? 0,
    amount: parsed.amount,
    regionCode: parsed.regions[0] ?? '',
  };
}

/** The facts a new teaser starts with; `fields` (typed by the founder) override what the source says. */
export async function readSource(
  deps: SourceDeps,
  userId: number,
  request: CreateTeaserRequest,
): Promise<SourceFacts> {
  const base =
    request.source === 'project'
      ? await fromProject(deps.db, userId, request.pid!)
      : request.source === 'upload'
        ? await fromUpload(deps, userId, request.uploadId!)
        : empty();
  return applyFields(base, request.fields ?? {});
}

export function applyFields(base: SourceFacts, fields: TeaserFields): SourceFacts {
  const out = { ...base, facts: { ...base.facts }, contacts: { ...base.contacts } };
  if (fields.companyName !== undefined) out.companyName = fields.companyName;
  if (fields.industries !== undefined) out.industries = checkIndustries(fields.industries);
  if (fields.stage !== undefined) out.stage = fields.stage;
  if (fields.amount !== undefined) out.amount = fields.amount ?? null;
  if (fields.region !== undefined) out.regionCode = checkRegion(fields.region);
  if (fields.foundedYear !== undefined) out.foundedYear = fields.foundedYear ?? null;
  if (fields.tags !== undefined) out.tags = fields.tags.filter(Boolean);
  for (const key of ['description', 'products', 'team', 'metrics', 'useOfFunds'] as const) {
    if (fields[key] !== undefined) out.facts[key] = fields[key]!;
  }
  if (fields.contacts) out.contacts = { ...out.contacts, ...fields.contacts };
  // A form without industries, stage, amount or region: read them from what the founder wrote.
  if (out.source === 'form') {
    const parsed = parseDescription(
      [out.facts.description, out.facts.products, out.facts.useOfFunds].filter(Boolean).join('\n'),
    );
    if (!out.industries.length) out.industries = parsed.industries;
    if (!out.stage && parsed.stage) out.stage = parsed.stage;
    if (out.amount === null && parsed.amount !== null) out.amount = parsed.amount;
    if (!out.regionCode && parsed.regions[0]) out.regionCode = parsed.regions[0];
  }
  return out;
}
