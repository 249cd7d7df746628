/**
 * The industry-chain rows of API.md (all A: anonymous callers allowed). Unknown node ids are
 * -404 before any stream opens; an unknown industry or keyword gets a `notfound` event with
 * the nearest chains; a node without companies ends with an `empty` event that says so.
 */
import {
  ChainAnalyseRequestSchema,
  ChainAnalysisSchema,
  ChainCompaniesRequestSchema,
  ChainGraphRequestSchema,
  ChainInvestmentRequestSchema,
  Code,
  DeepChainMenuRequestSchema,
  DeepChainMenuSchema,
  GetChainAnalyseRequestSchema,
} from '@jq/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { type RateRule, route, streamRoute } from '../../http/index.js';
import type { Platform } from '../../platform/index.js';
import { readAnalysis, runAnalysis } from './analysis/run.js';
import { countCompanies, listCompanies, topInstitutions } from './companies.js';
import { deepChainMenu } from './deep-menu.js';
import { cachedChainStats, chainGraph, chainSummary } from './graph.js';
import { investmentOf } from './investment.js';
import { nodeSummary, requireChainOrNode, requireNode, resolveId } from './nodes.js';
import { resolveChain, suggestChains } from './resolve.js';
import { loadCatalogue, loadChainState } from './store.js';

const perMinute = (max: number): RateRule[] => [
  { max: max * 3, windowMs: 60_000, by: 'ip' },
  { max, windowMs: 60_000, by: 'caller' },
];
/** An analysis may call a paid model: a few a minute, a hundred a day per caller. */
const ANALYSE_LIMITS: RateRule[] = [
  { max: 10, windowMs: 60_000, by: 'caller' },
  { max: 100, windowMs: 86_400_000, by: 'caller' },
  { max: 30, windowMs: 60_000, by: 'ip' },
];
const PENDING = '企业数据正在整理，请稍后刷新';

function ownerOf(request: FastifyRequest) {
  const userId = request.user?.id ?? null;
  if (!userId && !request.clientId) throw new AppError(Code.BAD_REQUEST, '缺少客户端标识，请刷新页面后重试');
  return { userId, clientId: userId ? '' : request.clientId };
}

export function chainRoutes(platform: Platform) {
  const db = platform.database.db;
  return [
    streamRoute({
      method: 'POST',
      path: '/chain/generateChainStream',
      access: 'A',
      summary: '产业链图谱（流）：行业或关键词的上中下游环节与各环节企业数、融资热度',
      body: ChainGraphRequestSchema,
      rateLimit: perMinute(120),
      handler: async (request, open) => {
        const { catalogue, generation } = await loadChainState(db);
        const { id, industry, keyword } = request.body;
        const resolved = resolveChain(catalogue, { id, industry, keyword });
        if (!resolved && id) throw new AppError(Code.NOT_FOUND, '产业链不存在');
        const stream = open();
        if (!resolved) {
          const text = (keyword ?? industry ?? '').trim();
          stream.end({
            type: 'status',
            status: 'notfound',
            msg: `没有找到“${text}”对应的产业链，你可以看看这些：`,
            suggestions: suggestChains(catalogue, text),
            isend: true,
          });
          return;
        }
        const chain = catalogue.byId.get(resolved.chainId)!;
        const version = catalogue.versions.get(chain.industryId) ?? 1;
        stream.send({
          type: 'status',
          status: 'start',
          chain: chainSummary(chain, version),
          focus: resolved.focus,
          isend: false,
        });
        stream.send({ type: 'card', card: 'graph', ...chainGraph(chain), isend: false });
        // Let the map go out before the figures: PGlite runs the figures' queries on this
        // thread, and the response socket is flushed only once the thread yields.
        await new Promise((resolve) => setImmediate(resolve));
        const stats = await cachedChainStats(db, chain, version, generation);
        if (stream.signal.aborted) return;
        stream.send({ type: 'card', card: 'stats', ...stats, isend: false });
        stream.end({
          type: 'status',
          status: 'done',
          ...(generation === null ? { pending: true, msg: PENDING } : {}),
          isend: true,
        });
      },
    }),
    streamRoute({
      method: 'POST',
      path: '/chain/generateCompanyData',
      access: 'A',
      summary: '产业链环节的企业（流）：分页，附最新一轮融资与投资方',
      body: ChainCompaniesRequestSchema,
      rateLimit: perMinute(300),
      handler: async (request, open) => {
        const { catalogue, generation } = await loadChainState(db);
        const ref = requireNode(catalogue, request.body.id);
        const { page, pageSize, sort } = request.body;
        const node = nodeSummary(ref);
        const total = generation === null ? 0 : await countCompanies(db, generation, ref.id);
        const stream = open();
        stream.send({ type: 'status', status: 'start', node, total, page, pageSize, isend: false });
        if (generation === null || total === 0) {
          const msg =
            generation === null
              ? PENDING
              : node.sparse
                ? '该环节多为资源型或大型企业，平台暂未收录这一环节的创业企业'
                : '该环节暂无收录的企业';
          stream.end({ type: 'status', status: 'empty', msg, node, isend: true });
          return;
        }
        const list = await listCompanies(db, generation, ref.id, { page, pageSize, sort });
        stream.send({ type: 'card', card: 'companies', list, total, page, pageSize, isend: false });
        if (page === 1) {
          const institutionsNode = node.parentId ?? node.id;
          const institutions = await topInstitutions(db, generation, institutionsNode);
          stream.send({ type: 'card', card: 'institutions', list: institutions, isend: false });
        }
        stream.end({ type: 'status', status: 'done', isend: true });
      },
    }),
    streamRoute({
      method: 'POST',
      path: '/chain/generateInvestment',
      access: 'A',
      summary: '产业链环节的投融资（流）：按季度的事件数与金额、轮次分布、活跃机构',
      body: ChainInvestmentRequestSchema,
      rateLimit: perMinute(120),
      handler: async (request, open) => {
        const { catalogue, generation } = await loadChainState(db);
        const { chain, node } = requireChainOrNode(catalogue, request.body.id);
        const stream = open();
        const target = node
          ? { id: node.id, name: node.child?.name ?? node.node.name, kind: 'node' }
          : { id: chain.industryId, name: chain.name, kind: 'chain' };
        stream.send({ type: 'status', status: 'start', target, years: request.body.years, isend: false });
        if (generation === null) {
          stream.end({ type: 'status', status: 'empty', msg: PENDING, isend: true });
          return;
        }
        const data = await investmentOf(db, generation, target.id, request.body.years);
        const { timeline, stages, investors, ...summary } = data;
        stream.send({ type: 'card', card: 'summary', ...summary, isend: false });
        if (data.deals === 0) {
          stream.end({
            type: 'status',
            status: 'empty',
            msg: `近 ${request.body.years} 年平台没有收录该环节的融资事件`,
            isend: true,
          });
          return;
        }
        stream.send({ type: 'card', card: 'timeline', ...timeline, isend: false });
        stream.send({ type: 'card', card: 'stages', list: stages, isend: false });
        stream.send({ type: 'card', card: 'investors', list: investors, isend: false });
        stream.end({ type: 'status', status: 'done', isend: true });
      },
    }),
    streamRoute({
      method: 'POST',
      path: '/chain/generateAnalyse',
      access: 'A',
      summary: '产业链分析（流）：集中度、热门环节、空白环节与研报观点，引用真实融资事件与研报页码',
      body: ChainAnalyseRequestSchema,
      rateLimit: ANALYSE_LIMITS,
      handler: async (request, open) => {
        const { catalogue, generation } = await loadChainState(db);
        const { chain, node } = requireChainOrNode(catalogue, request.body.id);
        const owner = ownerOf(request);
        if (generation === null) throw new AppError(Code.UNAVAILABLE, PENDING);
        const stream = open();
        await runAnalysis({ db, llm: platform.llm, generation, owner }, { chain, node }, stream);
      },
    }),
    route({
      method: 'POST',
      path: '/chain/getDeepChainMenu',
      access: 'A',
      summary: '深度产业链菜单：环节的上下游、细分环节与细分方向',
      body: DeepChainMenuRequestSchema,
      data: DeepChainMenuSchema,
      rateLimit: perMinute(300),
      handler: async (request) => {
        const { catalogue, generation } = await loadChainState(db);
        return deepChainMenu(db, catalogue, generation, request.body.id);
      },
    }),
    route({
      method: 'POST',
      path: '/chain/getAnalyse',
      access: 'A',
      summary: '读取保存的产业链分析（本人的）',
      body: GetChainAnalyseRequestSchema,
      data: ChainAnalysisSchema,
      rateLimit: perMinute(300),
      handler: async (request) => {
        const catalogue = await loadCatalogue(db);
        const row = await readAnalysis(db, ownerOf(request), request.body);
        const target = row.nodeId ?? row.chainId;
        // The node may have left the chain in a later version: the stored name still reads.
        const found = resolveId(catalogue, target);
        const citations = row.citations as { n: number; roundId?: number; pid?: number }[];
        return {
          analysisId: row.id,
          id: target,
          name: found?.node
            ? (found.node.child?.name ?? found.node.node.name)
            : (found?.chain.name ?? String(row.facts.name ?? target)),
          kind: row.nodeId ? ('node' as const) : ('chain' as const),
          engine: row.engine,
          status: row.status,
          content: row.content,
          facts: row.facts,
          rounds: citations.filter((c) => c.roundId !== undefined) as never,
          quotes: citations.filter((c) => c.pid !== undefined) as never,
          createdAt: row.createdAt.toISOString(),
        };
      },
    }),
  ];
}
