/**
 * The knowledge base rows of API.md (20), plus the original file for the PDF viewer
 * (`GET /api/kb/file/:id`, docs/decisions.md). Handlers only read the request, call a use
 * case and return; every use case is given the viewer, and decides what it may read in SQL.
 */
import {
  ImGroupFileListSchema,
  KbChatCreateRequestSchema,
  KbChatHistoryRequestSchema,
  KbChatTurnRequestSchema,
  KbChatUuidRequestSchema,
  KbCollectionDeletedSchema,
  KbCollectionDetailSchema,
  KbCollectionIdRequestSchema,
  KbCollectionPageSchema,
  KbCollectionSchema,
  KbCollectionsRequestSchema,
  KbConversationDetailSchema,
  KbConversationPageSchema,
  KbConversationSchema,
  KbCreatedSchema,
  KbCreateRequestSchema,
  KbDeletedSchema,
  KbFilePageSchema,
  KbFileSchema,
  KbGroupFilesRequestSchema,
  KbHistoryRequestSchema,
  KbHotListSchema,
  KbHotRequestSchema,
  KbIdRequestSchema,
  KbIncomeRequestSchema,
  KbIncomeSchema,
  KbPreviewRequestSchema,
  KbPreviewSchema,
  KbSaveCollectionRequestSchema,
  KbSquareRequestSchema,
  KbStatusListSchema,
  KbStatusRequestSchema,
  KbUnlockedSchema,
  KbUpdateRequestSchema,
} from '@jq/contract';
import { z } from 'zod';
import type { KnowledgeConfig } from '../../config.js';
import { me, type Route, rawRoute, route, streamRoute } from '../../http/index.js';
import type { Platform } from '../../platform/index.js';
import { listGroupFiles } from '../im/index.js';
import { prepareTurn, runTurn } from './chat-turn.js';
import {
  collectionDetail,
  deleteCollection,
  listCollections,
  readCollection,
  saveCollection,
} from './collections.js';
import { conversationDetail, createConversation, listConversations } from './conversations.js';
import { readFile } from './file-rows.js';
import { createFile, deleteFile, fileStatus, listMyFiles, updateFile } from './files.js';
import { getUserKbIncome } from './income.js';
import { previewFile } from './preview.js';
import { saveOpenFile } from './save-open.js';
import { getHotList, getSquare } from './square.js';
import type { UploadReader } from './uploads-port.js';
import { fileNotFound, ownerOf, viewerOf } from './viewer.js';

export interface KnowledgeRouteDeps {
  platform: Platform;
  config: KnowledgeConfig;
  uploads: UploadReader;
  log: { info(o: object, m: string): void; error(o: object, m: string): void };
}

const CHAT_LIMITS = [{ max: 20, windowMs: 60_000, by: 'caller' as const }];

export function knowledgeRoutes(deps: KnowledgeRouteDeps): Route[] {
  const { platform, config } = deps;
  const db = platform.database.db;
  const files = { db, storage: platform.storage, jobs: platform.jobs, config };
  const turn = { db, llm: platform.llm, config, log: deps.log };
  const post = { method: 'POST' } as const;
  return [
    route({
      ...post,
      path: '/kb/create',
      access: 'L',
      summary: '上传文件到知识库（上传完成后登记，按内容识别类型、按哈希去重）',
      body: KbCreateRequestSchema,
      data: KbCreatedSchema,
      rateLimit: { max: 60, windowMs: 60_000, by: 'caller' },
      handler: async (request) => {
        const user = me(request);
        const upload = await deps.uploads.read({ userId: user.id, uploadId: request.body.uploadId });
        try {
          return await createFile(files, viewerOf(request), {
            bytes: upload.bytes,
            filename: upload.filename,
            title: request.body.fileTitle,
            description: request.body.summary,
            collectionId: request.body.collectionId,
          });
        } finally {
          await upload.release();
        }
      },
    }),
    route({
      ...post,
      path: '/kb/status',
      access: 'L',
      summary: '文件解析与索引状态（百分比进度）',
      body: KbStatusRequestSchema,
      data: KbStatusListSchema,
      handler: async (request) => {
        const ids = [
          ...new Set([...(request.body.ids ?? []), ...(request.body.id ? [request.body.id] : [])]),
        ];
        return { list: await fileStatus(db, viewerOf(request), ids) };
      },
    }),
    route({
      ...post,
      path: '/kb/history',
      access: 'L',
      summary: '我的知识库文件',
      body: KbHistoryRequestSchema,
      data: KbFilePageSchema,
      handler: (request) => listMyFiles(files, viewerOf(request), request.body),
    }),
    route({
      ...post,
      path: '/kb/delete',
      access: 'L',
      summary: '删除文件（解析中也可删除）',
      body: KbIdRequestSchema,
      data: KbDeletedSchema,
      handler: (request) => deleteFile(files, viewerOf(request), request.body.id),
    }),
    route({
      ...post,
      path: '/kb/update',
      access: 'L',
      summary: '修改标题、简介、公开范围、价格，或重新解析（编号不变）',
      body: KbUpdateRequestSchema,
      data: KbFileSchema,
      handler: (request) => updateFile(files, viewerOf(request), request.body),
    }),
    route({
      ...post,
      path: '/kb/kbchat_create',
      access: 'A',
      summary: '新建知识库问答（所选文件或合集）',
      body: KbChatCreateRequestSchema,
      data: KbConversationSchema,
      handler: (request) => createConversation(db, ownerOf(request), request.body, config),
    }),
    streamRoute({
      ...post,
      path: '/kb/kbchat',
      access: 'A',
      summary: '知识库问答一轮（流式；引用含文件编号、标题、页码与原文）',
      body: KbChatTurnRequestSchema,
      rateLimit: CHAT_LIMITS,
      handler: async (request, open) => {
        const viewer = ownerOf(request);
        const prepared = await prepareTurn(turn, viewer, request.body.chatuuid);
        await runTurn(turn, viewer, prepared, request.body.question, open());
      },
    }),
    route({
      ...post,
      path: '/kb/kbchat_conversation',
      access: 'A',
      summary: '知识库问答的消息',
      body: KbChatUuidRequestSchema,
      data: KbConversationDetailSchema,
      handler: (request) => conversationDetail(db, ownerOf(request), request.body.chatuuid, config),
    }),
    route({
      ...post,
      path: '/kb/kbfile_preview',
      access: 'A',
      summary: '文件预览（页面或分块，可高亮引用原文）',
      body: KbPreviewRequestSchema,
      data: KbPreviewSchema,
      handler: (request) => previewFile(db, viewerOf(request), config, request.body),
    }),
    route({
      ...post,
      path: '/kb/kbchat_history',
      access: 'A',
      summary: '知识库问答列表',
      body: KbChatHistoryRequestSchema,
      data: KbConversationPageSchema,
      handler: (request) => listConversations(db, ownerOf(request), request.body, config),
    }),
    route({
      ...post,
      path: '/kb/saveOpenFile',
      access: 'L',
      summary: '收藏公开文件到自己的知识库（按引用，不复制内容；有价格时同时解锁）',
      body: KbIdRequestSchema,
      data: KbUnlockedSchema,
      handler: (request) => saveOpenFile(db, viewerOf(request), config, request.body.id),
    }),
    route({
      ...post,
      path: '/kb/getUserKbIncome',
      access: 'L',
      summary: '创作收益（按文件、按天）',
      body: KbIncomeRequestSchema,
      data: KbIncomeSchema,
      handler: (request) => getUserKbIncome(db, config, me(request).id, request.body.days),
    }),
    route({
      ...post,
      path: '/kb/getKbSquare',
      access: 'A',
      summary: '知识广场',
      body: KbSquareRequestSchema,
      data: KbFilePageSchema,
      handler: (request) => getSquare(db, viewerOf(request), config, request.body),
    }),
    route({
      ...post,
      path: '/kb/getKbHotList',
      access: 'A',
      summary: '热门文件（近 7 天浏览、收藏、引用）',
      body: KbHotRequestSchema,
      data: KbHotListSchema,
      handler: (request) => getHotList(db, viewerOf(request), config, request.body.limit),
    }),
    route({
      ...post,
      path: '/kb/getCollectionDetail',
      access: 'A',
      summary: '合集详情与文件',
      body: KbCollectionIdRequestSchema,
      data: KbCollectionDetailSchema,
      handler: (request) => collectionDetail(db, viewerOf(request), request.body.id, config),
    }),
    route({
      ...post,
      path: '/kb/getCollectionDescript',
      access: 'A',
      summary: '合集说明',
      body: KbCollectionIdRequestSchema,
      data: KbCollectionSchema,
      handler: (request) => readCollection(db, viewerOf(request), request.body.id),
    }),
    route({
      ...post,
      path: '/kb/getKbCollections',
      access: 'A',
      summary: '合集列表（登录后可只看自己的）',
      body: KbCollectionsRequestSchema,
      data: KbCollectionPageSchema,
      handler: (request) => listCollections(db, viewerOf(request), request.body),
    }),
    route({
      ...post,
      path: '/kb/saveCollection',
      access: 'L',
      summary: '新建或修改合集',
      body: KbSaveCollectionRequestSchema,
      data: KbCollectionSchema,
      handler: (request) => saveCollection(db, viewerOf(request), request.body),
    }),
    route({
      ...post,
      path: '/kb/delCollection',
      access: 'L',
      summary: '删除合集（文件不受影响）',
      body: KbCollectionIdRequestSchema,
      data: KbCollectionDeletedSchema,
      handler: (request) => deleteCollection(db, viewerOf(request), request.body.id),
    }),
    route({
      ...post,
      path: '/kb/getGroupShareFileList',
      access: 'L',
      summary: '分享到群聊的文件（群成员可见）',
      body: KbGroupFilesRequestSchema,
      data: ImGroupFileListSchema,
      handler: (request) =>
        listGroupFiles(db, {
          groupId: request.body.groupId,
          userId: me(request).id,
          page: request.body.page,
          pageSize: request.body.pageSize,
        }),
    }),
    rawRoute({
      method: 'GET',
      path: '/kb/file/:id',
      access: 'A',
      summary: '知识库文件原件（整份可读时；PDF 预览用）',
      params: z.object({ id: z.coerce.number().int().positive() }),
      handler: async (request, reply) => {
        const row = await readFile(db, viewerOf(request), request.params.id);
        if (!row || row.access === 'preview' || !row.storageKey) throw fileNotFound();
        const object = await platform.storage.get(row.storageKey);
        if (!object) throw fileNotFound();
        const type = row.kind === 'pdf' ? 'application/pdf' : 'application/octet-stream';
        return reply
          .header('content-type', type)
          .header('cache-control', 'private, max-age=300')
          .header('x-content-type-options', 'nosniff')
          .header(
            'content-disposition',
            `inline; filename*=UTF-8''${encodeURIComponent(row.filename || 'file')}`,
          )
          .send(object.body);
      },
    }),
  ];
}
