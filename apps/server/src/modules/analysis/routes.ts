/**
 * The rows of API.md "Project analysis and business-plan diagnosis" plus the ones the flow
 * needs (docs/decisions.md 2026-11-25): history, a page of the deck, the deck file, the advice
 * unlock, sharing and the shared view. Everything is the owner's: another user's analysis
 * answers -404 like a made-up id. Bad plans are refused before the stream opens when that can
 * be known from the bytes (kind), otherwise with an `error` event that says why.
 */
import {
  AnalyseHistoryRequestSchema,
  AnalysePageRequestSchema,
  AnalyseRequestSchema,
  AnalysisFileParamsSchema,
  AnalysisIdRequestSchema,
  AnalysisListItemSchema,
  AnalysisPageSchema,
  AnalysisResultSchema,
  AnalysisShareSchema,
  AnalysisUnlockSchema,
  GetAnalyseResultRequestSchema,
  pageOf,
  SharedAnalyseRequestSchema,
  SharedAnalysisSchema,
} from '@jq/contract';
import type { Config } from '../../config.js';
import { me, type RateRule, rawRoute, route, streamRoute } from '../../http/index.js';
import type { Platform } from '../../platform/index.js';
import { isUnlocked } from '../billing/index.js';
import { type RunInput, runAnalysis } from './run.js';
import { readPlanUpload } from './sources.js';
import {
  adviceTarget,
  listAnalyses,
  readDeck,
  readPage,
  readResult,
  readShared,
  shareAnalysis,
  unlockAdvice,
} from './store.js';

/** A run may call a paid model and parse a 200-page file: a few a minute, fifty a day. */
const ANALYSE_LIMITS: RateRule[] = [
  { max: 6, windowMs: 60_000, by: 'caller' },
  { max: 50, windowMs: 86_400_000, by: 'caller' },
  { max: 20, windowMs: 60_000, by: 'ip' },
];
const READ_LIMITS: RateRule[] = [
  { max: 240, windowMs: 60_000, by: 'caller' },
  { max: 600, windowMs: 60_000, by: 'ip' },
];

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export function analysisRoutes(platform: Platform, config: Config) {
  const db = platform.database.db;
  return [
    streamRoute({
      method: 'POST',
      path: '/project/ProjectAnalyse',
      access: 'L',
      summary: '项目分析与商业计划书诊断（流）：上传的计划书或资料库项目',
      body: AnalyseRequestSchema,
      rateLimit: ANALYSE_LIMITS,
      handler: async (request, open) => {
        const user = me(request);
        const { uploadId, pid, mode } = request.body;
        const input: RunInput = uploadId
          ? {
              kind: 'upload',
              plan: await readPlanUpload({ db, storage: platform.storage }, user.id, uploadId),
              uploadId,
            }
          : { kind: 'project', pid: pid! };
        const stream = open();
        await runAnalysis(
          {
            db,
            llm: platform.llm,
            storage: platform.storage,
            ocr: platform.ocr,
            canReadAdvice: (id) => isUnlocked(db, user.id, 'OptPerCharge', adviceTarget(id)),
          },
          { userId: user.id },
          mode,
          input,
          stream,
        );
      },
    }),
    route({
      method: 'POST',
      path: '/project/GetAnalyseResult',
      access: 'L',
      summary: '读取一份已保存的分析（按编号，或本人对某项目最近的分析）',
      body: GetAnalyseResultRequestSchema,
      data: AnalysisResultSchema,
      rateLimit: READ_LIMITS,
      handler: (request) => readResult(db, config, me(request).id, request.body),
    }),
    route({
      method: 'POST',
      path: '/project/AnalyseHistory',
      access: 'L',
      summary: '本人的分析与诊断记录',
      body: AnalyseHistoryRequestSchema,
      data: pageOf(AnalysisListItemSchema),
      rateLimit: READ_LIMITS,
      handler: (request) => listAnalyses(db, me(request).id, request.body),
    }),
    route({
      method: 'POST',
      path: '/project/AnalysePage',
      access: 'L',
      summary: '计划书某一页的文字（引用跳转）',
      body: AnalysePageRequestSchema,
      data: AnalysisPageSchema,
      rateLimit: READ_LIMITS,
      handler: (request) => readPage(db, me(request).id, request.body.id, request.body.page),
    }),
    route({
      method: 'POST',
      path: '/project/UnlockAnalyseAdvice',
      access: 'L',
      summary: '解锁完整优化建议（OptPerCharge：算力支付，VIP 免费，只扣一次）',
      body: AnalysisIdRequestSchema,
      data: AnalysisUnlockSchema,
      rateLimit: [{ max: 30, windowMs: 60_000, by: 'caller' }],
      handler: (request) => unlockAdvice(db, config, me(request).id, request.body.id),
    }),
    route({
      method: 'POST',
      path: '/project/ShareAnalyse',
      access: 'L',
      summary: '生成分享链接（detailShare）',
      body: AnalysisIdRequestSchema,
      data: AnalysisShareSchema,
      rateLimit: [{ max: 30, windowMs: 60_000, by: 'caller' }],
      handler: (request) => shareAnalysis(db, me(request).id, request.body.id, config.product),
    }),
    route({
      method: 'POST',
      path: '/project/GetSharedAnalyse',
      access: 'P',
      summary: '分享链接打开的分析摘要（不含优化建议与原文件）',
      body: SharedAnalyseRequestSchema,
      data: SharedAnalysisSchema,
      rateLimit: [{ max: 120, windowMs: 60_000, by: 'ip' }],
      handler: (request) => readShared(db, request.body.token),
    }),
    rawRoute({
      method: 'GET',
      path: '/files/analysis/:file',
      access: 'L',
      summary: '计划书原文件（本人）',
      params: AnalysisFileParamsSchema,
      rateLimit: READ_LIMITS,
      handler: async (request, reply) => {
        const [idText, kind] = request.params.file.split('.') as [string, string];
        const { row, body } = await readDeck(db, platform.storage, me(request).id, Number(idText), kind);
        return reply
          .type(CONTENT_TYPES[kind]!)
          .header(
            'content-disposition',
            `inline; filename="plan-${row.id}.${kind}"; filename*=UTF-8''${encodeURIComponent(row.filename)}`,
          )
          .header('cache-control', 'private, max-age=3600')
          .send(body);
      },
    }),
  ];
}
