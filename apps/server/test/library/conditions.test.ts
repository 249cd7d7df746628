/**
 * The condition tree a keyword becomes (conditions.ts), before either path answers it: each
 * part asked once, text alternatives that add no rows left out, a part of the relevance named
 * twice weighed once with both weights; and the flattening and highlighting of texts for cards.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  condKey,
  keywordCondition,
  type ResolvedFilters,
  relevanceOf,
} from '../../src/modules/library/search/conditions.js';
import { findRanges, highlightSnippet, summarize } from '../../src/modules/library/search/highlight.js';
import type { ParsedKeyword } from '../../src/modules/library/search/parse-keyword.js';
import type { Vocabulary } from '../../src/modules/library/search/vocabulary.js';

const vocabulary: Vocabulary = {
  industries: new Map(),
  regions: new Map(),
  words: new Map(),
  maxWordLength: 0,
};
const noFilters: ResolvedFilters = {
  industries: [],
  stages: [],
  regions: [],
  amountMin: null,
  amountMax: null,
  foundedFrom: null,
  foundedTo: null,
};
const grams = { grams: ['机器', '器人'], isPrefix: false };
/** 机器人 as parseKeyword reads it: the whole keyword is one topic, the robotics industry with its words. */
const robots: ParsedKeyword = {
  text: '机器人',
  stages: [],
  industryIds: ['robotics'],
  regionCodes: [],
  topics: [
    {
      industryId: 'robotics',
      query: '',
      alternatives: [['机器人'], ['机器人', '产业'], ['具身', '智能'], ['智能', '机器人'], ['智能', '具身']],
      grams,
    },
  ],
  recognizedWords: ['机器人'],
  rest: '',
  fullGrams: grams,
  restGrams: { grams: [], isPrefix: false },
  restWords: [],
  rankQuery: '',
  rankItems: ['机器人', '产业', '具身', '智能'],
};

describe('keyword conditions', () => {
  it('asks each part once, and no text alternative that another one already covers', () => {
    expect(keywordCondition(robots, noFilters, vocabulary)).toEqual({
      kind: 'or',
      parts: [
        { kind: 'name', grams },
        { kind: 'industry', ids: ['robotics'] },
        { kind: 'text', any: [['机器人'], ['具身', '智能']] },
      ],
    });
  });

  it('weighs a relevance condition named twice once, with both weights', () => {
    expect(relevanceOf(robots, vocabulary)).toEqual({
      parts: [
        { weight: 300, cond: { kind: 'nameEquals', values: ['机器人'] } },
        { weight: 120, cond: { kind: 'namePrefix', values: ['机器人'] } },
        { weight: 130, cond: { kind: 'name', grams } },
        { weight: 40, cond: { kind: 'industry', ids: ['robotics'] } },
      ],
      rankItems: robots.rankItems,
    });
  });

  it('keys equal conditions alike and different ones apart', () => {
    const tree = () => ({
      kind: 'and' as const,
      parts: [
        { kind: 'stage' as const, codes: [1, 2] },
        { kind: 'or' as const, parts: [{ kind: 'text' as const, any: [['a', 'b']] }] },
      ],
    });
    expect(condKey(tree())).toBe(condKey(tree()));
    expect(condKey(tree())).not.toBe(condKey({ ...tree(), kind: 'or' }));
    expect(condKey({ kind: 'text', any: [['a,b']] })).not.toBe(condKey({ kind: 'text', any: [['a', 'b']] }));
  });
});

describe('card summaries', () => {
  /** What summarize has always meant: the whole text flattened, then cut. */
  const reference = (text: string, chars = 90) => {
    const flat = text.replace(/\s+/g, ' ').trim();
    return flat.length > chars ? `${flat.slice(0, chars)}…` : flat;
  };

  it('flattens whitespace and cuts as flattening the whole text would', () => {
    const piece = fc.constantFrom('公司', '专注', 'AI', ' ', '  ', '\n', '\t', '\u3000', '\u00a0', '。', 'x');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 400 }), fc.integer({ min: 1, max: 120 }), (parts, chars) => {
        const text = parts.join('');
        expect(summarize(text, chars)).toBe(reference(text, chars));
      }),
    );
    expect(summarize(`${'字'.repeat(90)}   `)).toBe('字'.repeat(90));
    expect(summarize(`${'字'.repeat(90)}   尾`)).toBe(`${'字'.repeat(90)}…`);
  });
});

describe('highlight ranges', () => {
  /** What findRanges has always meant: every hit of every term in the lowercased text, merged. */
  const reference = (text: string, terms: string[]) => {
    const lower = text.toLowerCase();
    const ranges: [number, number][] = [];
    for (const term of terms.filter(Boolean)) {
      for (let at = lower.indexOf(term); at >= 0; at = lower.indexOf(term, at + term.length)) {
        ranges.push([at, at + term.length]);
      }
    }
    ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
    const merged: [number, number][] = [];
    for (const [s, e] of ranges) {
      const last = merged.at(-1);
      if (last && s <= last[1]) last[1] = Math.max(last[1], e);
      else merged.push([s, e]);
    }
    return merged;
  };

  it('finds Chinese terms in the text as it is and cased terms in its lowercase, as lowercasing all of it would', () => {
    const piece = fc.constantFrom('机器人', '深圳', 'AI', 'ai', 'Ai', 'SaaS', ' ', 'A轮', '，', 'Ω', 'x');
    const term = fc.constantFrom('机器人', '深圳', 'ai', 'saas', 'a轮', '器人深', 'x', 'ω', '');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), fc.array(term, { maxLength: 5 }), (parts, terms) => {
        const text = parts.join('');
        expect(findRanges(text, terms)).toEqual(reference(text, terms));
      }),
    );
    expect(findRanges('AI 机器人与 ai', ['ai', '机器人'])).toEqual([
      [0, 2],
      [3, 6],
      [8, 10],
    ]);
  });

  it('cuts a snippet from 20 characters before the first match with the ranges of the whole text inside it', () => {
    /** The snippet as it was made from every range of the whole text. */
    const snippet = (text: string, terms: string[]) => {
      const ranges = reference(text, terms);
      const first = ranges[0];
      if (!first) return undefined;
      const start = Math.max(0, first[0] - 20);
      const end = Math.min(text.length, start + 90);
      const prefix = start > 0 ? '…' : '';
      const shift = prefix.length - start;
      return {
        text: `${prefix}${text.slice(start, end)}${end < text.length ? '…' : ''}`,
        ranges: ranges.filter(([s, e]) => s >= start && e <= end).map(([s, e]) => [s + shift, e + shift]),
      };
    };
    // Texts longer than a snippet, of pieces and terms that overlap and chain ("人工智能",
    // "智能", "能人"), so merged ranges often cross the snippet's end.
    const piece = fc.constantFrom('人工智能', '智能', '能人', '工', 'AI', 'ai', ' ', '，', '专注于', 'x');
    const term = fc.constantFrom('人工智能', '人工', '智能', '能人', '能人工', 'ai', 'x', '');
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 20, maxLength: 200 }),
        fc.array(term, { minLength: 1, maxLength: 4 }),
        (parts, terms) => {
          const text = parts.join('');
          expect(highlightSnippet(text, terms)).toEqual(snippet(text, terms));
        },
      ),
      { numRuns: 1000 },
    );
    // A match near the end of the text stays near the snippet's start: a phone shows two lines.
    const text = `${'甲'.repeat(80)}医疗${'乙'.repeat(8)}`;
    expect(highlightSnippet(text, ['医疗'])).toEqual({
      text: `…${'甲'.repeat(20)}医疗${'乙'.repeat(8)}`,
      ranges: [[21, 23]],
    });
  });
});
