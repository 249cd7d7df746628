/** Business constants of spec sections 3 and 9. */

export const DEFAULT_PRODUCT = 'jq';

export const LIMITS = {
  smsResendSeconds: 60,
  qrPollIntervalMs: 1500,
  qrPollMax: 60,
  chargePollIntervalMs: 1500,
  chargePollMax: 100,
  vipPollIntervalMs: 1000,
  vipPollMax: 60,
  chatUnlockFen: 100,
  messageMaxChars: 80,
  sendDebounceMs: 1000,
  searchDebounceMs: 300,
  scrollThrottleMs: 16,
  resizeDebounceMs: 100,
  uploadSliceBytes: 4 * 1024 * 1024,
  cloudRegion: 'ap-shanghai',
  cropWidth: 300,
  cropHeight: 200,
  cropQuality: 0.8,
  cookieMaxAgeDays: 7,
  requestTimeoutMs: 6000,
  consecutiveFailuresTo500: 5,
  unreadOverflow: 99,
  notificationSeconds: 5,
  lazyMarginPx: 50,
  compressionThresholdBytes: 8192,
  imageChoiceCount: 1,
  pageSizeDefault: 20,
  pageSizeMax: 100,
  copyrightYear: 2021,
} as const;

export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

/** Widths in px: under `mobile` the menu is a drawer. */
export const BREAKPOINTS = { mobile: 1200, small: 720, tabletMin: 576, tabletMax: 1199 } as const;

export const STAGES = [
  { code: 0, label: '未披露' },
  { code: 1, label: '种子轮' },
  { code: 2, label: '天使轮' },
  { code: 3, label: 'A轮' },
  { code: 4, label: 'B轮' },
  { code: 5, label: 'C轮' },
  { code: 6, label: 'D轮' },
  { code: 7, label: 'E轮' },
  { code: 8, label: 'F轮及以后' },
  { code: 9, label: '股权融资' },
  { code: 10, label: '战略投资' },
  { code: 11, label: '债权融资' },
  { code: 12, label: '并购' },
  { code: 30, label: '基石轮' },
  { code: 31, label: '定向增发' },
  { code: 32, label: 'Pre-IPO' },
  { code: 33, label: 'IPO' },
] as const;

export type StageCode = (typeof STAGES)[number]['code'];
export const STAGE_CODES = STAGES.map((s) => s.code) as readonly StageCode[];

export function stageLabel(code: number): string {
  return STAGES.find((s) => s.code === code)?.label ?? '未知轮次';
}

// The library search's keyword limit and orders, here rather than in schemas/library.ts so
// that the list pages, which use them, do not load zod and the library schemas.
export const KEYWORD_MAX_CHARS = 100;
export const SEARCH_SORTS = ['relevance', 'latest', 'amount'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** role -1 is signed out; registration roles are 1 (enterprise) and 2 (institution). */
export const ROLES = { signedOut: -1, enterprise: 1, institution: 2 } as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];

export const IDENTITIES = ['investor', 'enterprise'] as const;
export type Identity = (typeof IDENTITIES)[number];

/**
 * A match scoring at least this (0–100, the score shown and ranked by) is a strong match: the
 * result pages count these apart from the weaker ones that only share the industry.
 */
export const MATCH_STRONG_SCORE = 60;
