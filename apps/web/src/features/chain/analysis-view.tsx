/**
 * The analysis of a chain or node: the stored one if the caller made one, else a button to
 * make it; while it streams, 停止. Report quotes open the PDF at the page; cited rounds link
 * to their companies.
 */
import { ReloadOutlined, StopOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Alert, Button, Skeleton } from 'antd';
import { Link } from 'react-router';
import { chainText } from '../../locales/zh-CN/chain';
import { formatDate } from '../../shared/format/figures';
import { Markdown, QuoteCards } from '../../shared/markdown';
import { recordUrl } from '../../shared/navigation/record-url';
import { useUserStore } from '../../shared/stores/user-store';
import { useAnalysis } from './use-analysis';

export function AnalysisView({ id }: { id: string }) {
  const { view, isLoadingSaved, start, stop } = useAnalysis(id);
  const isSignedIn = useUserStore((state) => state.info !== null);
  if (isLoadingSaved) return <Skeleton active paragraph={{ rows: 6 }} />;
  const isStreaming = view.status === 'streaming';
  return (
    <div className="jq-chain-analysis" data-testid="chain-analysis">
      <div className="jq-chain-analysis-bar">
        <span className="jq-chain-muted">
          {view.createdAt ? chainText.analysis.savedAt(formatDate(view.createdAt)) : chainText.analysis.intro}
        </span>
        {isStreaming ? (
          <Button icon={<StopOutlined />} onClick={stop} data-testid="chain-analysis-stop">
            {chainText.analysis.stop}
          </Button>
        ) : (
          <Button
            type={view.content ? 'default' : 'primary'}
            icon={view.content ? <ReloadOutlined /> : <ThunderboltOutlined />}
            onClick={() => void start()}
            data-testid="chain-analysis-generate"
          >
            {view.content ? chainText.analysis.regenerate : chainText.analysis.generate}
          </Button>
        )}
      </div>
      {view.error && <Alert type="error" showIcon message={view.error} />}
      {view.status === 'stopped' && <Alert type="info" showIcon message={chainText.analysis.stopped} />}
      {isStreaming && !view.content && <Skeleton active paragraph={{ rows: 4 }} />}
      {view.content && <Markdown content={view.content} quotes={view.quotes} />}
      {view.rounds.length > 0 && (
        <section className="jq-chain-cited-rounds" data-testid="chain-analysis-rounds">
          <div className="jq-chain-cited-title">{chainText.analysis.rounds}</div>
          <ol>
            {view.rounds.map((r) => (
              <li key={r.n} value={r.n}>
                <Link to={recordUrl('project', r.projectId, isSignedIn)}>{r.projectName}</Link>{' '}
                <span className="jq-chain-muted">
                  {r.date} {r.stageLabel}（{r.amountText}）
                </span>
              </li>
            ))}
          </ol>
        </section>
      )}
      <QuoteCards quotes={view.quotes} title={chainText.analysis.quotes} />
    </div>
  );
}
