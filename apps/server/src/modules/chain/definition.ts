/**
 * A chain definition as data: the zod schema an edited definition (admin CLI import) must
 * pass, the taxonomy checks no schema can express (sub-industries exist, `feeds` point at
 * later nodes of the same chain), and a content hash that tells a changed seed from an
 * unchanged one.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { type ChainDef, SEGMENT_NAMES, SEGMENTS } from './data/index.js';
import { getIndustry } from './taxonomy.js';

const KEY = /^[a-z0-9][a-z0-9-]{0,39}$/;
const words = (max: number) => z.array(z.string().trim().min(1).max(max)).max(40);

const ChildSchema = z.object({
  key: z.string().regex(KEY, { error: '键只能是小写字母、数字和连字符' }),
  name: z.string().trim().min(1).max(40),
  keywords: words(30).min(1, { error: '细分环节至少要有一个关键词' }),
});

const NodeSchema = z.object({
  key: z.string().regex(KEY, { error: '键只能是小写字母、数字和连字符' }),
  name: z.string().trim().min(1).max(40),
  description: z.string().trim().max(200).default(''),
  subs: words(60).default([]),
  keywords: words(30).default([]),
  feeds: words(40).default([]),
  children: z.array(ChildSchema).max(12).default([]),
  sparse: z.boolean().default(false),
});

export const ChainDefSchema = z.object({
  industryId: z.string().trim().min(1).max(60),
  name: z.string().trim().min(1).max(60),
  summary: z.string().trim().max(300).default(''),
  segments: z
    .array(
      z.object({
        key: z.enum(SEGMENTS),
        title: z.string().trim().min(1).max(40),
        nodes: z.array(NodeSchema).min(1, { error: '每一段至少要有一个环节' }).max(16),
      }),
    )
    .length(3, { error: '产业链必须恰好有上游、中游、下游三段' }),
});

/** Problems a definition has against the taxonomy and itself, in Chinese; empty when it is sound. */
export function checkChainDef(def: ChainDef): string[] {
  const problems: string[] = [];
  const top = getIndustry(def.industryId);
  if (!top || top.parentId) problems.push(`行业不存在或不是一级行业：${def.industryId}`);
  def.segments.forEach((segment, i) => {
    if (segment.key !== SEGMENTS[i]) problems.push(`第 ${i + 1} 段应为${SEGMENT_NAMES[SEGMENTS[i]!]}`);
  });
  const order = new Map<string, number>();
  def.segments.forEach((segment, s) => {
    for (const node of segment.nodes) {
      if (order.has(node.key)) problems.push(`环节键重复：${node.key}`);
      order.set(node.key, s);
    }
  });
  for (const segment of def.segments) {
    for (const node of segment.nodes) {
      for (const sub of node.subs) {
        const row = getIndustry(sub);
        if (!row?.parentId) problems.push(`环节「${node.name}」的细分行业不存在：${sub}`);
      }
      if (!node.subs.length && !node.keywords.length && !node.sparse)
        problems.push(`环节「${node.name}」没有细分行业也没有关键词，无法放置企业（或标记为暂无企业）`);
      for (const target of node.feeds) {
        const at = order.get(target);
        if (at === undefined) problems.push(`环节「${node.name}」指向不存在的环节：${target}`);
        else if (target === node.key) problems.push(`环节「${node.name}」不能指向自己`);
        else if (at < (order.get(node.key) ?? 0))
          problems.push(`环节「${node.name}」只能指向同段或更下游的环节：${target}`);
      }
      const childKeys = new Set<string>();
      for (const child of node.children) {
        if (childKeys.has(child.key)) problems.push(`环节「${node.name}」的细分键重复：${child.key}`);
        childKeys.add(child.key);
      }
    }
  }
  return problems;
}

/** Parses and checks a definition from JSON text (admin import); throws the problems in Chinese. */
export function parseChainDef(value: unknown): ChainDef {
  const parsed = ChainDefSchema.safeParse(value);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.') || '定义'}：${issue.message}`);
    throw new ChainDefError(lines);
  }
  const problems = checkChainDef(parsed.data);
  if (problems.length) throw new ChainDefError(problems);
  return parsed.data;
}

export class ChainDefError extends Error {
  override name = 'ChainDefError';
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/** sha256 of the canonical JSON: the same definition always hashes the same. */
export function chainDefHash(def: ChainDef): string {
  return createHash('sha256').update(canonicalJson(def)).digest('hex').slice(0, 16);
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** `<chain>/<node>` and `<chain>/<node>/<child>`. */
export const nodeId = (chainId: string, key: string, child?: string) =>
  child ? `${chainId}/${key}/${child}` : `${chainId}/${key}`;
