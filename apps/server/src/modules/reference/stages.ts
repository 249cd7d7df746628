/**
 * Financing stages as users write them (天使轮, Pre-A, A+, Series B, 战投, 定增) mapped to the
 * spec's stage codes (section 3; labels in the contract's STAGES). The code list has no
 * Pre-A or A+: they fall into the round they lead to or extend (A).
 */
import { STAGE_CODES, STAGES } from '@jq/contract';

const LETTER_CODES: Record<string, number> = { a: 3, b: 4, c: 5, d: 6, e: 7, f: 8, g: 8, h: 8 };

const WORDS: Record<string, number> = {
  未披露: 0,
  未公开: 0,
  不明确: 0,
  undisclosed: 0,
  种子: 1,
  seed: 1,
  天使: 2,
  angel: 2,
  'pre-seed': 1,
  f及以后: 8,
  f及以上: 8,
  股权融资: 9,
  股权: 9,
  equity: 9,
  战略投资: 10,
  战略融资: 10,
  战投: 10,
  战略: 10,
  strategic: 10,
  债权融资: 11,
  债权: 11,
  债务融资: 11,
  debt: 11,
  并购: 12,
  收购: 12,
  'm&a': 12,
  基石: 30,
  基石投资: 30,
  cornerstone: 30,
  定向增发: 31,
  定增: 31,
  pipe: 31,
  'pre-ipo': 32,
  preipo: 32,
  ipo: 33,
  上市: 33,
  首发: 33,
};

/** A stage code from what a user typed, or undefined when it is not a stage. */
export function parseStage(text: string | number): number | undefined {
  if (typeof text === 'number') return STAGE_CODES.includes(text as never) ? text : undefined;
  const raw = text.normalize('NFKC').trim().toLowerCase();
  if (!raw) return undefined;
  if (/^\d+$/.test(raw)) return parseStage(Number(raw));
  const exact = STAGES.find((stage) => stage.label.toLowerCase() === raw);
  if (exact) return exact.code;
  const key = raw
    .replace(/\s+/g, '')
    .replace(/(轮次|轮|round|series|期)$/u, '')
    .replace(/^(series|round)/u, '');
  if (key in WORDS) return WORDS[key];
  // A, A+, A++, Pre-A, A1, A-2: the letter decides.
  const letter = /^(?:pre-?)?([a-h])(?:\+{1,2}|[-_]?\d)?$/u.exec(key);
  if (letter) return LETTER_CODES[letter[1]!];
  return undefined;
}

/** Early stages: seed, angel, A. */
export const EARLY_STAGES = [1, 2, 3] as const;
/** Late stages: D and beyond, Pre-IPO, IPO. */
export const LATE_STAGES = [6, 7, 8, 32, 33] as const;
/** The venture ladder in order, used to build a project's round history. */
export const STAGE_LADDER = [1, 2, 3, 4, 5, 6, 7, 8, 32] as const;
