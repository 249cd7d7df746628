/**
 * The page body both analysis routes share: a side column (the input, the run's progress,
 * the history) and the report, live while it streams, then the stored one (with the unlock,
 * sharing, and the deck opened at a cited page).
 */
import { ShareAltOutlined } from '@ant-design/icons';
import type { AnalysisResult } from '@jq/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, List, Progress, Skeleton, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { analysisText as t } from '../../locales/zh-CN/analysis';
import { ApiError } from '../../shared/api/client';
import { openPay, readShortfall } from '../billing';
import { readHistory, readResult, shareAnalysis, unlockAdvice } from './api';
import { type DeckTarget, DeckViewer } from './deck-viewer';
import { ReportView } from './report-view';
import { liveReport, useRunStore, useStartRun } from './use-analysis';
import './analysis.css';
import { useFeedback } from '../../shared/feedback/feedback';

type Mode = 'diagnosis' | 'investor';

function RunProgress({ mode }: { mode: Mode }) {
  const run = useRunStore((s) => s.runs[mode]);
  const { stop } = useStartRun(mode);
  if (run.phase === 'idle' || run.phase === 'done') return null;
  const percent =
    run.phase === 'uploading'
      ? run.percent
      : run.phase === 'parsing'
        ? Math.round((run.total ? run.done / run.total : 0) * 100)
        : run.phase === 'analysing'
          ? 100
          : 100;
  const label =
    run.phase === 'uploading'
      ? t.uploading(run.percent)
      : run.phase === 'parsing'
        ? t.parsing(run.done, run.total)
        : run.phase === 'analysing'
          ? t.analysing
          : run.phase === 'writing'
            ? t.writing
            : '';
  if (run.phase === 'error') return <Alert type="error" showIcon title={run.error} data-testid="run-error" />;
  if (run.phase === 'stopped') return null;
  return (
    <div className="jq-an-progress" data-testid="run-progress">
      <div className="jq-an-progress-row">
        <span>{label}</span>
        <Button size="small" onClick={stop}>
          {t.stop}
        </Button>
      </div>
      <Progress percent={percent} status="active" showInfo={false} />
    </div>
  );
}

function History({ mode }: { mode: Mode }) {
  const history = useQuery({
    queryKey: ['analysis', 'history', mode],
    queryFn: ({ signal }) => readHistory(mode, signal),
  });
  const selected = useRunStore((s) => s.selected[mode]);
  const select = useRunStore((s) => s.select);
  return (
    <Card size="small" title={mode === 'diagnosis' ? t.history : t.historyInvestor} className="jq-an-history">
      {history.isPending ? (
        <Skeleton active />
      ) : !history.data?.list.length ? (
        <Empty description={t.noHistory} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <List
          size="small"
          dataSource={history.data.list}
          renderItem={(item) => (
            <List.Item
              className={item.id === selected ? 'jq-an-history-item is-active' : 'jq-an-history-item'}
              onClick={() => item.status === 'done' && select(mode, item.id)}
              data-testid="history-item"
            >
              <div className="jq-an-history-title">{item.title || item.filename || `#${item.id}`}</div>
              <div className="jq-an-history-meta">
                {item.status === 'done' ? (
                  <Tag color="blue">{item.overall ?? '—'}</Tag>
                ) : (
                  <Tag>{item.status === 'failed' ? '失败' : item.status}</Tag>
                )}
                {item.createdAt.slice(0, 10)}
              </div>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

function StoredReport({ id, mode }: { id: number; mode: Mode }) {
  const queryClient = useQueryClient();
  const { message } = useFeedback();
  const [deck, setDeck] = useState<DeckTarget | null>(null);
  const result = useQuery({
    queryKey: ['analysis', 'result', id],
    queryFn: ({ signal }) => readResult(id, signal),
  });
  const unlock = useMutation({
    mutationFn: () => unlockAdvice(id),
    onSuccess: (answer) => {
      queryClient.setQueryData(['analysis', 'result', id], answer.result);
      if (answer.charged > 0) {
        void message.success(t.unlockCharged(answer.charged, answer.power));
        void queryClient.invalidateQueries({ queryKey: ['billing'] });
      }
    },
    onError: (error) => {
      const shortfall = readShortfall(error);
      if (shortfall) {
        openPay({
          kind: 'perUse',
          action: 'OptPerCharge',
          conversationId: `analysis-${id}`,
          shortfall,
          onPaid: () => void queryClient.invalidateQueries({ queryKey: ['analysis', 'result', id] }),
        });
      } else void message.error(error instanceof ApiError ? error.msg : t.failed);
    },
  });
  const share = useMutation({
    mutationFn: () => shareAnalysis(id),
    onSuccess: async (answer) => {
      const url = `${window.location.origin}${answer.path}`;
      await navigator.clipboard?.writeText(url).catch(() => {});
      void message.success(`${t.shareCopied}：${url}`);
    },
  });
  if (result.isPending) return <Skeleton active />;
  if (result.isError || !result.data.report)
    return <Alert type="error" title={result.error instanceof ApiError ? result.error.msg : t.failed} />;
  const data: AnalysisResult = result.data;
  return (
    <>
      <div className="jq-an-report-head">
        <h2 className="jq-an-title" data-testid="report-title">
          {data.title || data.filename}
        </h2>
        <Button
          icon={<ShareAltOutlined />}
          onClick={() => share.mutate()}
          loading={share.isPending}
          data-testid="share"
        >
          {t.share}
        </Button>
      </div>
      <ReportView
        report={data.report!}
        content={data.content}
        unlocked={data.unlocked}
        price={data.price}
        onUnlock={() => unlock.mutate()}
        isUnlocking={unlock.isPending}
        onOpenPage={(page, quote) =>
          setDeck({ id, fileKind: data.fileKind, page, pageCount: data.pageCount, quote })
        }
      />
      <DeckViewer target={deck} onClose={() => setDeck(null)} />
      {mode === 'investor' && null}
    </>
  );
}

function LiveReport({ mode }: { mode: Mode }) {
  const run = useRunStore((s) => s.runs[mode]);
  const report = liveReport(run);
  if (!report) return run.phase === 'idle' ? null : <Skeleton active />;
  return <ReportView report={report} content={run.content} unlocked={run.unlocked} isStreaming />;
}

export function AnalysisWorkspace({
  mode,
  title,
  subtitle,
  input,
}: {
  mode: Mode;
  title: string;
  subtitle: string;
  input: ReactNode;
}) {
  const selected = useRunStore((s) => s.selected[mode]);
  const phase = useRunStore((s) => s.runs[mode].phase);
  const isIdle = selected === null && phase === 'idle';
  return (
    <div className="jq-an-page-wrap" data-testid={`analysis-${mode}`}>
      <header className="jq-an-header">
        <h1>{title}</h1>
        <p>{subtitle}</p>
      </header>
      <div className="jq-an-layout">
        <aside className="jq-an-side">
          <Card size="small">{input}</Card>
          <RunProgress mode={mode} />
          <History mode={mode} />
        </aside>
        <main className="jq-an-main">
          {selected !== null ? (
            <StoredReport key={selected} id={selected} mode={mode} />
          ) : isIdle ? (
            <Empty description={subtitle} />
          ) : (
            <LiveReport mode={mode} />
          )}
        </main>
      </div>
    </div>
  );
}
