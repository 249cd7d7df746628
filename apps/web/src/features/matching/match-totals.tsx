/**
 * How many matched, told apart: the strong matches (MATCH_STRONG_SCORE and up) as the
 * number that matters, the weaker ones that only share the industry as a muted count. One
 * "共 1,697 位投资人匹配" read as half of all investors fitting, against the promise of the
 * few to talk to first. Also the divider a list puts above its first weaker row.
 */
import { InfoCircleOutlined } from '@ant-design/icons';
import { MATCH_STRONG_SCORE } from '@jq/contract';
import { Tooltip } from 'antd';
import { matching } from '../../locales/zh-CN/matching';
import { formatCount } from '../../shared/format/figures';

export type MatchUnit = keyof typeof matching.units;

export function MatchTotals({ strong, total, unit }: { strong: number; total: number; unit: MatchUnit }) {
  const word = matching.units[unit];
  const weaker = Math.max(0, total - strong);
  return (
    <span className="jq-match-totals" data-testid="match-total" data-strong={strong} data-total={total}>
      <strong className="jq-match-totals-strong" data-testid="match-strong">
        {strong > 0 ? matching.strongOf(formatCount(strong), word) : matching.noStrong}
      </strong>
      {weaker > 0 && (
        <span className="jq-match-muted" data-testid="match-weaker">
          {matching.weakerOf(formatCount(weaker), word)}
        </span>
      )}
      <Tooltip title={matching.strongHint(MATCH_STRONG_SCORE)}>
        <InfoCircleOutlined className="jq-match-muted" aria-label={matching.strongHint(MATCH_STRONG_SCORE)} />
      </Tooltip>
    </span>
  );
}

export function WeakerDivider() {
  return (
    <li className="jq-match-divider" data-testid="match-weaker-divider">
      {matching.weakerDivider(MATCH_STRONG_SCORE)}
    </li>
  );
}
