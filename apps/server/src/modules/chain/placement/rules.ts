/**
 * Where a company sits on the chains: pure and deterministic (same rows and definitions, same
 * placements), so the rebuild job, the tests and `placeProject` agree to the digit.
 *
 * On one chain a project takes at most one node, the one that scores best:
 * - sub-industry of the chain's own industry listed by the node: 0.5 (0.35 when several
 *   nodes of the chain list it and no word tells them apart);
 * - a sub-industry of another industry counts (0.3) only with a keyword hit: a company of
 *   another industry joins this chain when its text names what the node is about;
 * - a keyword in the product line (`tags[0]`) +0.3, in another tag +0.2; in the jieba tokens
 *   of the description (`search_tokens`) +0.15; two keywords or more +0.05;
 * - on a node without listed sub-industries, or for a row of the chain's industry that has
 *   no sub-industry at all: in the chain's own industry a keyword suffices (base 0.1); in a
 *   neighbouring industry only a tag and the text together.
 * Ties go to the longer keyword, then to the node that comes first. The confidence is the
 * score, capped at 1. Finer nodes (`children`) take the project on by keyword only.
 */
import { tokenize } from '../../../lib/text.js';
import type { ChainDef } from '../data/index.js';
import { nodeId } from '../definition.js';
import { adjacentTopIndustries, topIndustryId } from '../taxonomy.js';

export interface PlacementInput {
  id: number;
  /** Top industry. */
  industryId: string;
  /** Sub-industry ids (may include the top one). */
  industries: readonly string[];
  tags: readonly string[];
  /** The jieba tokens of the row's text (`search_tokens`, space-joined). */
  searchTokens: string;
}

export interface Placement {
  chainId: string;
  nodeId: string;
  /** The finer node, when a child keyword matched. */
  childId: string | null;
  confidence: number;
  childConfidence: number | null;
  /** What placed it: `sub:<id>`, `tag:<word>`, `text:<word>`. */
  matched: string[];
}

interface CompiledKeyword {
  text: string;
  /** Latin words must match whole (MR is not inside MRI). */
  pattern: RegExp | null;
  /** Every token of the word: all must be among the row's tokens. */
  tokens: string[];
}

interface CompiledNode {
  id: string;
  order: number;
  subs: string[];
  keywords: CompiledKeyword[];
  children: { id: string; order: number; keywords: CompiledKeyword[] }[];
}

export interface CompiledChain {
  id: string;
  industryId: string;
  nodes: CompiledNode[];
  /** Sub-industry → how many nodes of this chain list it. */
  subCounts: Map<string, number>;
  /** Top industries whose keyword-only placements are allowed here (itself and neighbours). */
  neighbours: Set<string>;
}

export interface CompiledChains {
  chains: CompiledChain[];
  /** Sub-industry → chains listing it. */
  bySub: Map<string, CompiledChain[]>;
  byIndustry: Map<string, CompiledChain>;
}

const normal = (text: string) => text.normalize('NFKC').toLowerCase().trim();
const LATIN = /^[a-z0-9][a-z0-9 .+\-/]*$/;

function compileKeyword(word: string): CompiledKeyword {
  const text = normal(word);
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return {
    text,
    pattern: LATIN.test(text) ? new RegExp(`(^|[^a-z0-9])${escaped}($|[^a-z0-9])`) : null,
    tokens: [...new Set(tokenize(text))],
  };
}

export function compileChains(defs: readonly ChainDef[]): CompiledChains {
  const bySub = new Map<string, CompiledChain[]>();
  const byIndustry = new Map<string, CompiledChain>();
  const chains = defs.map((def) => {
    let order = 0;
    const nodes: CompiledNode[] = [];
    const subCounts = new Map<string, number>();
    for (const segment of def.segments) {
      for (const n of segment.nodes) {
        const id = nodeId(def.industryId, n.key);
        nodes.push({
          id,
          order: order++,
          subs: n.subs,
          keywords: n.keywords.map(compileKeyword),
          children: n.children.map((c, i) => ({
            id: nodeId(def.industryId, n.key, c.key),
            order: i,
            keywords: c.keywords.map(compileKeyword),
          })),
        });
        for (const sub of new Set(n.subs)) subCounts.set(sub, (subCounts.get(sub) ?? 0) + 1);
      }
    }
    const compiled: CompiledChain = {
      id: def.industryId,
      industryId: def.industryId,
      nodes,
      subCounts,
      neighbours: new Set([def.industryId, ...adjacentTopIndustries(def.industryId)]),
    };
    for (const sub of subCounts.keys()) {
      const list = bySub.get(sub) ?? [];
      list.push(compiled);
      bySub.set(sub, list);
    }
    byIndustry.set(def.industryId, compiled);
    return compiled;
  });
  return { chains, bySub, byIndustry };
}

interface Hits {
  productLine: boolean;
  tag: boolean;
  text: boolean;
  count: number;
  longest: number;
  matched: string[];
}

function inTag(k: CompiledKeyword, tag: string): boolean {
  return k.pattern ? k.pattern.test(tag) : tag.includes(k.text);
}

function inTokens(k: CompiledKeyword, tokens: Set<string>): boolean {
  if (k.tokens.length === 0) return false;
  for (const t of k.tokens) if (!tokens.has(t)) return false;
  return true;
}

function keywordHits(keywords: CompiledKeyword[], tags: string[], tokens: Set<string>): Hits | null {
  let hits: Hits | null = null;
  for (const k of keywords) {
    const inLine = tags.length > 0 && inTag(k, tags[0]!);
    let inTags = inLine;
    for (let i = 1; !inTags && i < tags.length; i++) inTags = inTag(k, tags[i]!);
    const inText = inTokens(k, tokens);
    if (!inTags && !inText) continue;
    hits ??= { productLine: false, tag: false, text: false, count: 0, longest: 0, matched: [] };
    hits.count += 1;
    hits.longest = Math.max(hits.longest, k.text.length);
    if (inLine) hits.productLine = true;
    if (inTags) {
      hits.tag = true;
      hits.matched.push(`tag:${k.text}`);
    }
    if (inText) {
      hits.text = true;
      if (!inTags) hits.matched.push(`text:${k.text}`);
    }
  }
  return hits;
}

const NO_HITS: Hits = { productLine: false, tag: false, text: false, count: 0, longest: 0, matched: [] };

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Every chain a project sits on, with its node there (and finer node); chains in taxonomy order. */
export function placeOnChains(compiled: CompiledChains, row: PlacementInput): Placement[] {
  const top = topIndustryId(row.industryId) ?? row.industryId;
  const subs = row.industries.filter((id) => id !== top && id.includes('.'));
  const tags = row.tags.map(normal);
  const tokens = new Set(row.searchTokens ? row.searchTokens.split(' ') : []);

  const candidates = new Set<CompiledChain>();
  for (const sub of subs) for (const c of compiled.bySub.get(sub) ?? []) candidates.add(c);
  for (const c of compiled.chains) if (c.neighbours.has(top)) candidates.add(c);

  const out: Placement[] = [];
  for (const chain of compiled.chains) {
    if (!candidates.has(chain)) continue;
    let best: { node: CompiledNode; score: number; longest: number; matched: string[]; hits: Hits } | null =
      null;
    for (const node of chain.nodes) {
      let own: string[] | null = null;
      let foreign: string[] | null = null;
      for (const s of node.subs) {
        if (!subs.includes(s)) continue;
        if (topIndustryId(s) === chain.industryId) own = own ? [...own, s] : [s];
        else foreign = foreign ? [...foreign, s] : [s];
      }
      // A row of this industry without any sub-industry (an import that gave only the industry) may use words on any node.
      const wordsOnly = top === chain.industryId && subs.length === 0;
      if (!own && !foreign && node.subs.length && !wordsOnly) continue;
      const hits = keywordHits(node.keywords, tags, tokens) ?? NO_HITS;
      const anyWord = hits.tag || hits.text;
      let base: number;
      if (own) base = own.some((s) => chain.subCounts.get(s) === 1) ? 0.5 : 0.35;
      else if (foreign && anyWord) base = 0.3;
      else if ((!node.subs.length || wordsOnly) && top === chain.industryId && anyWord) base = 0.1;
      else if (!node.subs.length && chain.neighbours.has(top) && hits.tag && hits.text) base = 0;
      else continue;
      const score =
        base +
        (hits.productLine ? 0.3 : hits.tag ? 0.2 : 0) +
        (hits.text ? 0.15 : 0) +
        (hits.count >= 2 ? 0.05 : 0);
      const better =
        !best ||
        score > best.score + 1e-9 ||
        (Math.abs(score - best.score) < 1e-9 && hits.longest > best.longest);
      if (better) {
        const matched = [...(own ?? []), ...(anyWord ? (foreign ?? []) : [])]
          .map((s) => `sub:${s}`)
          .concat(hits.matched);
        best = { node, score, longest: hits.longest, matched, hits };
      }
    }
    if (!best) continue;
    const confidence = round2(Math.min(1, best.score));
    const child = placeOnChild(best.node, tags, tokens);
    out.push({
      chainId: chain.id,
      nodeId: best.node.id,
      childId: child?.id ?? null,
      confidence,
      childConfidence: child ? round2(confidence * child.factor) : null,
      matched: best.matched,
    });
  }
  return out;
}

function placeOnChild(node: CompiledNode, tags: string[], tokens: Set<string>) {
  let best: { id: string; rank: number; longest: number; factor: number } | null = null;
  for (const child of node.children) {
    const hits = keywordHits(child.keywords, tags, tokens);
    if (!hits) continue;
    const rank = hits.productLine ? 3 : hits.tag ? 2 : 1;
    if (!best || rank > best.rank || (rank === best.rank && hits.longest > best.longest)) {
      best = { id: child.id, rank, longest: hits.longest, factor: rank === 3 ? 1 : rank === 2 ? 0.85 : 0.7 };
    }
  }
  return best;
}
