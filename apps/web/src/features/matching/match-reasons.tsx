/**
 * A match's reasons (2–4 short Chinese sentences, plain text, never HTML), each followed by
 * links to the records it rests on: projects, institutions and investors open their library
 * details; a financing round has no page of its own, so it shows as its label. Also the
 * flag a ranked row carries when it backs a competitor (已投竞品); the VIP boost shows with
 * the total score (score-bars.tsx), not as a flag.
 */
import { WarningOutlined } from '@ant-design/icons';
import type { MatchReason, MatchRef } from '@jq/contract';
import { Tag, Tooltip } from 'antd';
import { Link } from 'react-router';
import { matching } from '../../locales/zh-CN/matching';
import { recordUrl } from '../../shared/navigation/record-url';
import './match-rows.css';

/** The library detail a cited record opens, or null for a record without a page (a round). */
export function refHref(ref: Pick<MatchRef, 'kind' | 'id'>): string | null {
  // Matching is for signed-in users, so records open in the signed-in library.
  return ref.kind === 'round' ? null : recordUrl(ref.kind, ref.id, true);
}

function RefLink({ refItem }: { refItem: MatchRef }) {
  const href = refHref(refItem);
  if (!href) {
    return (
      <span className="jq-match-ref is-plain" data-testid="reason-ref">
        {refItem.label}
      </span>
    );
  }
  return (
    <Link className="jq-match-ref" to={href} data-testid="reason-ref" data-ref-kind={refItem.kind}>
      {refItem.label}
    </Link>
  );
}

export function MatchReasons({
  reasons,
  isLoading = false,
}: {
  reasons: MatchReason[];
  isLoading?: boolean;
}) {
  if (reasons.length === 0) {
    return isLoading ? <p className="jq-match-muted">{matching.streamingReasons}</p> : null;
  }
  return (
    <ul className="jq-match-reasons" data-testid="match-reasons">
      {reasons.map((reason, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: reasons have no id and keep their order
        <li key={index} data-testid="match-reason" data-component={reason.component}>
          <span className="jq-match-reason-text">{reason.text}</span>
          {reason.refs.length > 0 && (
            <span className="jq-match-refs">
              {reason.refs.map((ref) => (
                <RefLink key={`${ref.kind}-${ref.id}`} refItem={ref} />
              ))}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

export interface MatchFlagsProps {
  competitors: { id: number; name: string }[];
  isConflict: boolean;
}

export function MatchFlags({ competitors, isConflict }: MatchFlagsProps) {
  const names = competitors.map((c) => c.name).join('、');
  return (
    <>
      {isConflict && (
        <Tooltip title={names ? matching.conflictWith(names) : matching.componentHints.conflict}>
          <Tag color="red" icon={<WarningOutlined />} data-testid="conflict-flag">
            {names ? matching.conflictWith(names) : matching.conflictTag}
          </Tag>
        </Tooltip>
      )}
    </>
  );
}
