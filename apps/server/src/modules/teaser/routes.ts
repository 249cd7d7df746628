/**
 * The teaser module's rows: the 25 of API.md "Teasers" plus the ones the flows need that
 * the spec's call list does not name (decideUnlock, sendTeaserMessage, recordView,
 * createTeaserOrder, shareTeaser; docs/decisions.md). Handlers read the input, call one use
 * case and return its data.
 */
import {
  CollectionPageSchema,
  CollectionRequestSchema,
  CreateTeaserOrderRequestSchema,
  CreateTeaserRequestSchema,
  DecideUnlockRequestSchema,
  EditTeaserRequestSchema,
  FocusRequestSchema,
  FocusResultSchema,
  GenerateTeaserRequestSchema,
  GetTeaserRequestSchema,
  InvestorViewPageSchema,
  InvestorViewRequestSchema,
  MatchInvestorPageSchema,
  MatchInvestorRequestSchema,
  MatchInvestorStreamRequestSchema,
  MatchTeaserPageSchema,
  MatchTeaserRequestSchema,
  OrderNoRequestSchema,
  PageQuerySchema,
  RecommendTeaserPageSchema,
  RecordViewRequestSchema,
  RecordViewResultSchema,
  RefundResultSchema,
  SendTeaserMessageRequestSchema,
  ShareTeaserRequestSchema,
  TeaserConversationRequestSchema,
  TeaserConversationSchema,
  TeaserHistoryRequestSchema,
  TeaserIdRequestSchema,
  TeaserListRequestSchema,
  TeaserMessageSchema,
  TeaserOrderChildPageSchema,
  TeaserOrderChildRequestSchema,
  TeaserOrderListRequestSchema,
  TeaserOrderPageSchema,
  TeaserOrderSchema,
  TeaserPageSchema,
  TeaserSchema,
  TeaserShareSchema,
  TeaserUnlockSchema,
  UnlockRequestSchema,
  UnlockResultSchema,
} from '@jq/contract';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { me, type Route, route, streamRoute } from '../../http/index.js';
import type { Platform } from '../../platform/index.js';
import {
  discoveryList,
  matchInvestorsForTeaser,
  matchTeasersForInvestor,
  onlineList,
  recommendList,
  streamInvestors,
} from './feeds.js';
import { collection, focusHistory, setFocus } from './follows.js';
import { streamGenerate } from './generate.js';
import { applyRefund, checkOrder, createOrder, listChildren, listOrders } from './orders.js';
import { createShare } from './shares.js';
import {
  createTeaser,
  deleteDraft,
  editTeaser,
  findOwn,
  finishTeaser,
  readTeaser,
  teaserHistory,
} from './teasers.js';
import { conversation, decideUnlock, requestUnlock, sendMessage } from './unlocks.js';
import { investorViewHistory, myViewHistory, recordView } from './views.js';

const post = { method: 'POST' } as const;
const perCaller = (max: number) => [{ max, windowMs: 60_000, by: 'caller' as const }];

export function teaserRoutes(platform: Platform, config: Config): Route[] {
  const db = platform.database.db;
  const sources = { db, storage: platform.storage, ocr: platform.ocr };
  const reader = (request: { user: import('../../db/schema.js').User | null; clientId: string }) => ({
    user: request.user,
    clientId: request.clientId || null,
  });
  const read = (request: Parameters<typeof reader>[0], id: number) =>
    readTeaser(db, reader(request), { id }, config);
  return [
    route({
      ...post,
      path: '/teaser/createTeaser',
      access: 'L',
      summary: '新建 Teaser（来自我的项目、上传的商业计划书或表单）',
      body: CreateTeaserRequestSchema,
      data: TeaserSchema,
      rateLimit: perCaller(30),
      handler: async (request) => {
        const row = await createTeaser(sources, me(request).id, request.body);
        return read(request, row.id);
      },
    }),
    streamRoute({
      ...post,
      path: '/teaser/aiGenerateTeaser',
      access: 'L',
      summary: 'AI 撰写 Teaser（流式，逐段）',
      body: GenerateTeaserRequestSchema,
      rateLimit: perCaller(20),
      handler: async (request, open) => {
        const row = await findOwn(db, me(request).id, request.body.id);
        const stream = open();
        const saved = await streamGenerate({ db, llm: platform.llm }, row, request.body.sections, stream);
        if (!saved) return;
        stream.end({ type: 'card', card: 'teaser', teaser: await read(request, saved.id), isend: true });
      },
    }),
    route({
      ...post,
      path: '/teaser/getTeaser',
      access: 'A',
      summary: 'Teaser 详情（未解锁时联系方式打码；匿名 Teaser 隐去公司与人名）',
      body: GetTeaserRequestSchema,
      data: TeaserSchema,
      handler: (request) => readTeaser(db, reader(request), request.body, config),
    }),
    route({
      ...post,
      path: '/teaser/editTeaser',
      access: 'L',
      summary: '编辑 Teaser（仅本人）',
      body: EditTeaserRequestSchema,
      data: TeaserSchema,
      handler: async (request) => {
        const row = await editTeaser(db, me(request).id, request.body);
        return read(request, row.id);
      },
    }),
    route({
      ...post,
      path: '/teaser/getTeaserHistory',
      access: 'L',
      summary: '我的 Teaser（草稿与已发布）',
      body: TeaserHistoryRequestSchema,
      data: TeaserPageSchema,
      handler: (request) => teaserHistory(db, me(request).id, request.body),
    }),
    route({
      ...post,
      path: '/teaser/delDraftTeaser',
      access: 'L',
      summary: '删除 Teaser 草稿',
      body: TeaserIdRequestSchema,
      data: z.object({ id: z.number().int() }),
      handler: (request) => deleteDraft(db, me(request).id, request.body.id),
    }),
    route({
      ...post,
      path: '/teaser/finishTeaser',
      access: 'L',
      summary: '发布 Teaser',
      body: TeaserIdRequestSchema,
      data: TeaserSchema,
      handler: async (request) => {
        const row = await finishTeaser(db, me(request).id, request.body.id);
        return read(request, row.id);
      },
    }),
    route({
      ...post,
      path: '/teaser/createTeaserOrder',
      access: 'L',
      summary: '下单投递 Teaser 给匹配的投资人（算力支付）',
      body: CreateTeaserOrderRequestSchema,
      data: TeaserOrderSchema,
      rateLimit: perCaller(10),
      handler: (request) => createOrder(db, me(request).id, request.body),
    }),
    route({
      ...post,
      path: '/teaser/checkOrder',
      access: 'L',
      summary: 'Teaser 投递订单状态',
      body: OrderNoRequestSchema,
      data: TeaserOrderSchema,
      handler: (request) => checkOrder(db, me(request).id, request.body.orderno),
    }),
    route({
      ...post,
      path: '/teaser/getTeaserOrder',
      access: 'L',
      summary: '我的 Teaser 投递订单',
      body: TeaserOrderListRequestSchema,
      data: TeaserOrderPageSchema,
      handler: (request) => listOrders(db, me(request).id, request.body),
    }),
    route({
      ...post,
      path: '/teaser/getTeaserOrderChild',
      access: 'L',
      summary: '订单的逐个投递',
      body: TeaserOrderChildRequestSchema,
      data: TeaserOrderChildPageSchema,
      handler: (request) => listChildren(db, me(request).id, request.body),
    }),
    route({
      ...post,
      path: '/teaser/applyRefund',
      access: 'L',
      summary: '按退款规则申请退款（未送达的投递）',
      body: OrderNoRequestSchema,
      data: RefundResultSchema,
      rateLimit: perCaller(10),
      handler: (request) => applyRefund(db, me(request).id, request.body.orderno),
    }),
    route({
      ...post,
      path: '/teaser/getRecommendTeaser',
      access: 'A',
      summary: '推荐 Teaser（VIP 优先展示，有上限并标明）',
      body: PageQuerySchema.extend({
        uguid: z.string().max(64).optional(),
        clientid: z.string().max(64).optional(),
      }),
      data: RecommendTeaserPageSchema,
      handler: (request) => recommendList(db, request.user, request.body),
    }),
    route({
      ...post,
      path: '/teaser/GetDescoveryTeaser',
      access: 'A',
      summary: '发现：近 7 天浏览最多的 Teaser',
      body: TeaserListRequestSchema,
      data: TeaserPageSchema,
      handler: (request) => discoveryList(db, request.user?.id ?? null, request.body),
    }),
    route({
      ...post,
      path: '/teaser/userTeaserFocusOrNot',
      access: 'L',
      summary: '关注或取消关注 Teaser',
      body: FocusRequestSchema,
      data: FocusResultSchema,
      handler: (request) => setFocus(db, me(request).id, request.body),
    }),
    route({
      ...post,
      path: '/teaser/getFocusTeaserHistory',
      access: 'L',
      summary: '我关注的 Teaser',
      body: PageQuerySchema.extend({
        uguid: z.string().max(64).optional(),
        clientid: z.string().max(64).optional(),
      }),
      data: TeaserPageSchema,
      handler: (request) => focusHistory(db, me(request).id, request.body),
    }),
    route({
      ...post,
      path: '/teaser/matchInvestor',
      access: 'L',
      summary: '为我的 Teaser 匹配投资人（附理由）',
      body: MatchInvestorRequestSchema,
      data: MatchInvestorPageSchema,
      handler: (request) => matchInvestorsForTeaser(db, me(request).id, request.body),
    }),
    streamRoute({
      ...post,
      path: '/teaser/matchInvestorStream',
      access: 'L',
      summary: '为我的 Teaser 匹配投资人（流式）',
      body: MatchInvestorStreamRequestSchema,
      handler: async (request, open) => {
        const row = await findOwn(db, me(request).id, request.body.id);
        await streamInvestors(db, row, request.body, false, open());
      },
    }),
    streamRoute({
      ...post,
      path: '/teaser/matchInvestorWithReasonStream',
      access: 'L',
      summary: '为我的 Teaser 匹配投资人（流式，附理由）',
      body: MatchInvestorStreamRequestSchema,
      handler: async (request, open) => {
        const row = await findOwn(db, me(request).id, request.body.id);
        await streamInvestors(db, row, request.body, true, open());
      },
    }),
    route({
      ...post,
      path: '/teaser/matchTeaser',
      access: 'L',
      summary: '按投资理念匹配 Teaser',
      body: MatchTeaserRequestSchema,
      data: MatchTeaserPageSchema,
      handler: (request) => matchTeasersForInvestor(db, me(request), request.body),
    }),
    route({
      ...post,
      path: '/teaser/getViewTeaserHistory',
      access: 'L',
      summary: '我看过的 Teaser',
      body: PageQuerySchema.extend({
        uguid: z.string().max(64).optional(),
        clientid: z.string().max(64).optional(),
      }),
      data: z.object({
        list: z.array(z.unknown()),
        total: z.number().int(),
        page: z.number().int(),
        pageSize: z.number().int(),
      }),
      handler: (request) => myViewHistory(db, me(request).id, request.body),
    }),
    route({
      ...post,
      path: '/teaser/UnLockContactInfo',
      access: 'L',
      summary: '请求联系创始人（双向确认；算力支付，VIP 免费；拒绝或超时全额退回）',
      body: UnlockRequestSchema,
      data: UnlockResultSchema,
      rateLimit: perCaller(60),
      handler: (request) => requestUnlock(db, me(request), request.body, config),
    }),
    route({
      ...post,
      path: '/teaser/decideUnlock',
      access: 'L',
      summary: '创始人接受或拒绝联系请求',
      body: DecideUnlockRequestSchema,
      data: TeaserUnlockSchema,
      handler: (request) => decideUnlock(db, me(request).id, request.body),
    }),
    route({
      ...post,
      path: '/teaser/getTeaserCollection',
      access: 'L',
      summary: 'Teaser 收藏夹（关注、已请求联系、收到的投递）',
      body: CollectionRequestSchema,
      data: CollectionPageSchema,
      handler: (request) => collection(db, me(request).id, request.body),
    }),
    route({
      ...post,
      path: '/teaser/getTeaserConversation',
      access: 'L',
      summary: '联系请求与双方的消息',
      body: TeaserConversationRequestSchema,
      data: TeaserConversationSchema,
      handler: (request) => conversation(db, me(request).id, request.body),
    }),
    route({
      ...post,
      path: '/teaser/sendTeaserMessage',
      access: 'L',
      summary: '在联系请求里发消息',
      body: SendTeaserMessageRequestSchema,
      data: TeaserMessageSchema,
      rateLimit: perCaller(30),
      handler: (request) => sendMessage(db, me(request).id, request.body),
    }),
    route({
      ...post,
      path: '/teaser/getTeaserInvestorViewHistory',
      access: 'L',
      summary: '哪些投资人看过我的 Teaser（时长、段落、每日独立访客）',
      body: InvestorViewRequestSchema,
      data: InvestorViewPageSchema,
      handler: (request) => investorViewHistory(db, me(request).id, request.body),
    }),
    route({
      ...post,
      path: '/teaser/recordView',
      access: 'A',
      summary: '浏览计时（每 10 秒上报各段可见时长）',
      body: RecordViewRequestSchema,
      data: RecordViewResultSchema,
      rateLimit: perCaller(120),
      bodyLimit: 4 * 1024,
      handler: (request) =>
        recordView(
          db,
          { userId: request.user?.id ?? null, clientId: request.clientId || null },
          request.body,
        ),
    }),
    route({
      ...post,
      path: '/teaser/shareTeaser',
      access: 'L',
      summary: '生成 Teaser 分享链接（可设有效期；短链接）',
      body: ShareTeaserRequestSchema,
      data: TeaserShareSchema,
      rateLimit: perCaller(30),
      handler: (request) => createShare(db, me(request).id, request.body, config.publicUrl),
    }),
    route({
      ...post,
      path: '/teaser/getOnlineTeaserList',
      access: 'A',
      summary: '在线 Teaser 列表',
      body: TeaserListRequestSchema,
      data: TeaserPageSchema,
      handler: (request) => onlineList(db, request.user?.id ?? null, request.body),
    }),
  ];
}
