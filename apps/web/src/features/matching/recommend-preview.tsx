/**
 * 实时推荐 for a picked project: getRecommendInvestorsStream's top 10 shown as they are
 * ranked, their reasons filled in as they arrive. A quick look before the full match; the
 * rows open the library's investor or institution detail (no stored match to point at yet).
 */
import { ThunderboltOutlined } from '@ant-design/icons';
import { Alert, Skeleton } from 'antd';
import { matching } from '../../locales/zh-CN/matching';
import { InvestorMatchRow } from './investor-match-row';
import { refHref } from './match-reasons';
import { useRecommendStream } from './use-recommend-stream';

export function RecommendPreview({ pid }: { pid: number }) {
  const stream = useRecommendStream(pid, 'investor', 10);
  const isWorking = stream.phase === 'ranking' || stream.phase === 'reasons';
  return (
    <section className="jq-match-panel" data-testid="recommend-preview" aria-busy={isWorking}>
      <header className="jq-match-panel-head">
        <h2>
          <ThunderboltOutlined /> {matching.previewTitle}
        </h2>
        <span className="jq-match-muted" aria-live="polite">
          {stream.phase === 'ranking'
            ? matching.streaming
            : stream.phase === 'reasons'
              ? matching.streamingReasons
              : ''}
        </span>
      </header>
      <p className="jq-match-muted">{matching.previewHint}</p>
      {stream.error && <Alert type="warning" showIcon title={stream.error} className="jq-match-alert" />}
      {stream.items.length === 0 && isWorking && <Skeleton active paragraph={{ rows: 4 }} />}
      {stream.items.length === 0 && stream.phase === 'done' && (
        <p className="jq-match-muted">{matching.emptyResult}</p>
      )}
      <ul className="jq-match-list is-compact">
        {stream.items.map((item) => (
          <InvestorMatchRow
            key={`${item.kind}-${item.id}`}
            item={item}
            detail={{ to: refHref({ kind: item.kind, id: item.id }) ?? '#' }}
            isReasonsLoading={isWorking && !stream.reasoned.has(item.rank)}
          />
        ))}
      </ul>
    </section>
  );
}
