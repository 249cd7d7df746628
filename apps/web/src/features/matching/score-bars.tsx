/**
 * A match's score, component by component: one bar per component with its Chinese label
 * (the contract's MATCH_COMPONENT_LABELS) and the points it adds out of its maximum. The
 * conflict penalty shows as a red deduction when it applies. The VIP boost is not a bar: it
 * is not a measure of fit, so it shows under the total as a labelled, capped addition.
 */
import {
  MATCH_COMPONENT_LABELS,
  MATCH_COMPONENTS,
  type MatchBreakdown,
  type MatchComponent,
} from '@jq/contract';
import { Tooltip } from 'antd';
import { matching } from '../../locales/zh-CN/matching';
import './match-rows.css';

/** `none`: the conflict row when it does not apply (full view only). */
export type ScoreTone = 'fit' | 'penalty' | 'boost' | 'none';

export interface ScoreRow {
  key: MatchComponent;
  label: string;
  /** 0–100: how full the bar is. */
  percent: number;
  /** `12.5/20`, `-8`, `+3`. */
  pointsText: string;
  tone: ScoreTone;
}

/** 12.345 → 12.3, 12.0 → 12. */
export function formatPoints(points: number): string {
  const rounded = Math.round(points * 10) / 10;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

const clampPercent = (value: number) => Math.max(0, Math.min(100, Math.round(value * 100)));

/**
 * The rows to draw. Fit components always show; the conflict row only when it deducts
 * points (`isFull` shows it anyway, as 0); never the VIP boost (see TotalScore).
 */
export function scoreRows(breakdown: MatchBreakdown, isFull = false): ScoreRow[] {
  const rows: ScoreRow[] = [];
  for (const key of MATCH_COMPONENTS) {
    const score = breakdown[key];
    const label = MATCH_COMPONENT_LABELS[key];
    if (key === 'conflict') {
      if (score.points < 0 || isFull) {
        // The penalty has no maximum of its own: a conflict fills the bar, none leaves it empty.
        const isConflict = score.points < 0;
        rows.push({
          key,
          label,
          percent: isConflict ? 100 : 0,
          pointsText: isConflict ? formatPoints(score.points) : '0',
          tone: isConflict ? 'penalty' : 'none',
        });
      }
      continue;
    }
    if (key === 'vip') continue;
    rows.push({
      key,
      label,
      percent: clampPercent(score.max > 0 ? score.points / score.max : score.fit),
      pointsText: `${formatPoints(score.points)}/${formatPoints(score.max)}`,
      tone: 'fit',
    });
  }
  return rows;
}

export interface ScoreBarsProps {
  breakdown: MatchBreakdown;
  /** Full: every row with its explanation on hover (the detail page); else a compact grid. */
  isFull?: boolean;
}

export function ScoreBars({ breakdown, isFull = false }: ScoreBarsProps) {
  const rows = scoreRows(breakdown, isFull);
  return (
    <ul className={`jq-match-bars${isFull ? ' is-full' : ''}`} data-testid="score-bars">
      {rows.map((row) => (
        <li key={row.key} className={`jq-match-bar is-${row.tone}`} data-testid={`score-${row.key}`}>
          <Tooltip title={matching.componentHints[row.key]}>
            <span className="jq-match-bar-label" tabIndex={isFull ? 0 : -1}>
              {isFull ? row.label : matching.componentShort[row.key]}
            </span>
          </Tooltip>
          {/* biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot take the theme's bar styles */}
          <span
            className="jq-match-bar-track"
            role="meter"
            aria-label={row.label}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={row.percent}
            aria-valuetext={row.pointsText}
          >
            <span className="jq-match-bar-fill" style={{ width: `${row.percent}%` }} />
          </span>
          <span className="jq-match-bar-points">{row.pointsText}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The big number: 86 分. When a VIP boost is in it, the line under it says so, with the
 * boost and its cap (`boostCap`, the breakdown's vip.max), so it never reads as fit.
 */
export function TotalScore({
  score,
  baseScore,
  boostCap = 0,
}: {
  score: number;
  baseScore: number;
  boostCap?: number;
}) {
  const boost = score - baseScore;
  return (
    <div className="jq-match-total" data-testid="match-score">
      <span className="jq-match-total-value">{formatPoints(score)}</span>
      <span className="jq-match-total-unit">{matching.scoreUnit}</span>
      <div className="jq-match-total-label">{matching.totalScore}</div>
      {boost > 0.05 && (
        <Tooltip title={matching.componentHints.vip}>
          <div className="jq-match-total-boost" data-testid="vip-boost">
            {matching.vipBoostNote(formatPoints(boost), formatPoints(Math.max(boostCap, boost)))}
          </div>
        </Tooltip>
      )}
    </div>
  );
}
