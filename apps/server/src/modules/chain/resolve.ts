/**
 * From what the user typed to a chain: an id; an industry or sub-industry by name or synonym
 * (电动车 → 新能源汽车); a node's name or keyword (正极材料 → that node, highlighted). What
 * matches nothing gets the nearest chains instead: character pairs and jieba words shared with
 * a chain's name, its industry's names, its nodes and their keywords.
 */
import type { ChainSuggestion } from '@jq/contract';
import { tokenize } from '../../lib/text.js';
import { nodeId } from './definition.js';
import { resolveId } from './nodes.js';
import type { Catalogue } from './store.js';
import { findIndustry, getIndustry, normalizeIndustryName, topIndustryId } from './taxonomy.js';

export interface Resolved {
  chainId: string;
  /** The node to highlight. */
  focus: string | null;
}

const normal = (text: string) => normalizeIndustryName(text);

/** The chain (and node) a request names, or null with nothing found. */
export function resolveChain(
  catalogue: Catalogue,
  request: { id?: string | undefined; industry?: string | undefined; keyword?: string | undefined },
): Resolved | null {
  if (request.id) {
    const found = resolveId(catalogue, request.id);
    return found ? { chainId: found.chain.industryId, focus: found.node?.id ?? null } : null;
  }
  const text = (request.industry ?? request.keyword ?? '').trim();
  if (!text) return null;
  // A node named exactly so (隔膜) is more specific than the sub-industry that lists it as a synonym.
  const named = request.keyword ? findNode(catalogue, text, true) : null;
  if (named) return named;
  const industry = findIndustry(text);
  if (industry) {
    const top = topIndustryId(industry)!;
    if (catalogue.byId.has(top))
      return { chainId: top, focus: industry === top ? null : ownNode(catalogue, industry) };
  }
  if (request.industry && !request.keyword) return null;
  return findNode(catalogue, text);
}

/** The node of its own chain a sub-industry maps to first. */
function ownNode(catalogue: Catalogue, sub: string): string | null {
  const chain = catalogue.byId.get(topIndustryId(sub) ?? '');
  if (!chain) return null;
  for (const segment of chain.segments) {
    for (const n of segment.nodes) if (n.subs.includes(sub)) return nodeId(chain.industryId, n.key);
  }
  return null;
}

/** A node whose name or keyword is the text; names beat keywords, a node of the word's own industry wins ties. */
function findNode(catalogue: Catalogue, text: string, namesOnly = false): Resolved | null {
  const key = normal(text);
  let best: { score: number; resolved: Resolved } | null = null;
  for (const chain of catalogue.chains) {
    for (const segment of chain.segments) {
      for (const n of segment.nodes) {
        const candidates: [string, number, string][] = [
          [n.name, 3, nodeId(chain.industryId, n.key)],
          ...n.keywords.map((k): [string, number, string] => [k, 2, nodeId(chain.industryId, n.key)]),
          ...n.children.map((c): [string, number, string] => [
            c.name,
            2.5,
            nodeId(chain.industryId, n.key, c.key),
          ]),
        ];
        for (const [word, weight, id] of candidates) {
          if (normal(word) !== key || (namesOnly && weight !== 3)) continue;
          const own = n.subs.some((s) => topIndustryId(s) === chain.industryId) ? 0.5 : 0;
          const score = weight + own;
          if (!best || score > best.score)
            best = { score, resolved: { chainId: chain.industryId, focus: id } };
        }
      }
    }
  }
  return best?.resolved ?? null;
}

function bigrams(text: string): Set<string> {
  const chars = [...normal(text)];
  const out = new Set<string>();
  if (chars.length === 1) out.add(chars[0]!);
  for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!);
  return out;
}

function overlap(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let shared = 0;
  for (const x of a) if (b.has(x)) shared += 1;
  return shared / Math.min(a.size, b.size);
}

/** The nearest chains to an unknown word, best first; the first chains of the taxonomy when nothing is near. */
export function suggestChains(catalogue: Catalogue, text: string, limit = 5): ChainSuggestion[] {
  const grams = bigrams(text);
  const words = new Set(tokenize(text).filter((t) => t.length > 1));
  const scored = catalogue.chains.map((chain) => {
    const top = getIndustry(chain.industryId);
    const names: [string, string][] = [
      [chain.name, chain.name],
      ...(top ? [top.name, ...top.synonyms].map((n): [string, string] => [n, n]) : []),
    ];
    for (const segment of chain.segments) {
      for (const n of segment.nodes) {
        names.push([n.name, n.name]);
        for (const k of n.keywords) names.push([k, n.name]);
      }
    }
    let best = 0;
    let reason = '';
    for (const [word, label] of names) {
      const g = overlap(grams, bigrams(word));
      const w = words.size ? overlap(words, new Set(tokenize(word))) : 0;
      const score = Math.max(g, w);
      if (score > best) {
        best = score;
        reason = label;
      }
    }
    return { chain, best, reason };
  });
  const near = scored.filter((s) => s.best >= 0.34).sort((a, b) => b.best - a.best);
  const picked = near.length ? near : scored.slice(0, limit).map((s) => ({ ...s, reason: '' }));
  return picked.slice(0, limit).map((s) => ({
    id: s.chain.industryId,
    name: s.chain.name,
    reason: s.reason ? `与“${s.reason}”相近` : '热门产业链',
  }));
}
