/**
 * Every number that decides a match, in one place. A pair's score is the sum of
 * `weight × fit` over the positive components (fits are 0–1, so the weights are the points
 * out of 100), plus the conflict penalty and the bounded VIP boost. The same numbers serve
 * both directions (project → investors and investor → projects): a pair scores the same
 * whichever side asks. Tuned against `npm run eval:match` (docs/benchmarks.md「撮合」).
 */
export const WEIGHTS = {
  /** The first question a founder asks ("do they do my sector?"); a wrong sector is a wasted meeting. */
  industry: 22,
  /** Funds are organised by stage (angel, VC, growth, PE); a fund that never does A rounds won't lead one. */
  stage: 16,
  /** A cheque far off the fund's size is a no regardless of fit; log-scale, so 2× off is mild. */
  ticket: 10,
  /** Most Chinese funds concentrate on a few provinces, but many invest anywhere: worth less than sector or stage. */
  region: 6,
  /** Revealed preference: projects like this one in the portfolio beat any stated thesis. */
  portfolio: 14,
  /** Stated thesis text: noisy (written for marketing), so it only breaks ties between similar portfolios. */
  thesis: 6,
  /** A fund that stopped deploying answers no one; deals in the last 12/24 months are the best predictor of the next. */
  activity: 26,
} as const;

export type WeightedComponent = keyof typeof WEIGHTS;

/**
 * Backing a direct competitor (same sub-industry and product line) is usually a hard no
 * (information rights, conflicts of interest): the match stays visible, flagged, but 20
 * points down so it falls below comparable investors without a conflict.
 */
export const CONFLICT_PENALTY = 20;

/**
 * VIP priority matching (spec section 1), investor → projects: a project whose owner has an
 * active VIP gains at most VIP_BOOST points, shown as its own line. A match whose base
 * score is more than VIP_BOOST points higher is "clearly better" and always stays ahead;
 * projects within VIP_BOOST points are a near tie that VIP may reorder. Projects below
 * VIP_MIN_BASE (weak matches) get no boost, so VIP never surfaces an irrelevant project.
 */
export const VIP_BOOST = 4;
export const VIP_MIN_BASE = 35;

/**
 * How stated preferences and track record mix inside one component when both exist:
 * what an investor did weighs more than what it says (docs/matching.md).
 */
export const STATED_SHARE = 0.35;
export const REVEALED_SHARE = 1 - STATED_SHARE;
/** With no deals at all only the stated view counts, and it is trusted less. */
export const STATED_ONLY_TRUST = 0.6;
/** Deals needed before a share of the portfolio counts as a pattern (1 − e^(−deals/this)). */
export const EVIDENCE_SCALE = 1.5;

/**
 * Where "adjacent industry" comes from (taxonomy.ts): the taxonomy's hand-written neighbour
 * lists, the curated industry chains (same or feeding node; chain module), both, or the
 * taxonomy plus only the chains' sub-industry or only their top-industry links. Chosen by
 * NDCG@10 of `npm run eval:match` (docs/benchmarks.md「撮合」, docs/decisions.md 2026-11-25).
 */
export type IndustryAdjacency =
  | 'taxonomy'
  | 'chain'
  | 'taxonomy+chain'
  | 'taxonomy+chain-subs'
  | 'taxonomy+chain-tops';
export const INDUSTRY_ADJACENCY: IndustryAdjacency = 'taxonomy';

/** Industry levels: same sub-industry > same industry > adjacent on the chain. */
export const INDUSTRY_LEVEL = { sub: 1, top: 0.8, adjacent: 0.3 } as const;
/**
 * An investor that only works up- or downstream (no stated or actual deal in the
 * project's own industry) is a different industry, however active: every other component
 * of such a match counts at this share, so same-industry investors come first.
 */
export const ADJACENT_ONLY_SCALE = 0.5;
/** A neighbouring stage on the venture ladder (A next to B) counts this much. */
export const STAGE_NEIGHBOUR = 0.4;
/** An investor with no stated regions is open to all: this fit everywhere. */
export const REGION_OPEN = 0.7;
/** Stated regions that leave the project out: still possible (most funds travel). */
export const REGION_OUTSIDE = 0.15;
/** Unknown project amount, stage or region: neutral, so it neither helps nor hurts. */
export const UNKNOWN_FIT = 0.5;
/** A round usually has 2–3 investors: one cheque ≈ amount sought / this. */
export const INVESTORS_PER_ROUND = 2;
/** Width (natural log) of the ticket fit: a cheque e^0.9 ≈ 2.5× off the usual scores 0.6. */
export const TICKET_SIGMA = 0.9;
/** Deal recency: a deal 12–24 months ago counts half; fit = 1 − e^(−recent/ACTIVITY_SCALE). */
export const ACTIVITY_SCALE = 2.5;
/** Cosine similarity at which text fits reach 1 − 1/e (portfolio and thesis). */
export const PORTFOLIO_COSINE_SCALE = 0.25;
export const THESIS_COSINE_SCALE = 0.2;

/** Text vectors: tokens in fewer projects than this match nothing useful; more common than the share are stop words. */
export const TOKEN_MIN_DF = 3;
export const TOKEN_MAX_DF_SHARE = 0.2;
/** Tokens kept per project vector and per investor vector (memory bound). */
export const PROJECT_VECTOR_SIZE = 32;
export const ENTITY_VECTOR_SIZE = 64;
