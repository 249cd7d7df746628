/**
 * A report, whole or as it streams: scores (overall, readiness with its basis, the radar),
 * flags, each rubric dimension with its evidence (page citations that open the deck), the
 * peer comparison and the advice (or the unlock), the funded peers, the extracted facts, the
 * investor view and the memo whose [n] are page links.
 */
import { LockOutlined, WarningOutlined } from '@ant-design/icons';
import type { AnalysisReport, Dimension, Fact } from '@jq/contract';
import { Alert, Button, Card, Collapse, Empty, Progress, Skeleton, Tag } from 'antd';
import { Fragment, lazy, type ReactNode, Suspense } from 'react';
import { analysisText as t } from '../../locales/zh-CN/analysis';
import { recordUrl } from '../../shared/navigation/record-url';

const RadarChart = lazy(() => import('./radar-chart'));

export interface ReportViewProps {
  report: AnalysisReport;
  content: string;
  /** Opens the deck at a page; absent where the deck is not available (a shared link). */
  onOpenPage?: (page: number, quote?: string) => void;
  /** Full advice readable. */
  unlocked: boolean;
  price?: number;
  onUnlock?: () => void;
  isUnlocking?: boolean;
  isStreaming?: boolean;
}

const wan = (n: number | null) =>
  n === null ? '—' : n >= 10_000 ? `${Math.round(n / 1000) / 10} 亿元` : `${Math.round(n)} 万元`;
const pct = (n: number | null) => (n === null ? '—' : `${Math.round(n * 100)}%`);

function PageLink({
  page,
  quote,
  onOpen,
}: {
  page: number;
  quote?: string;
  onOpen?: ReportViewProps['onOpenPage'];
}) {
  if (!onOpen || page <= 0) return <Tag>{t.page(page)}</Tag>;
  return (
    <Tag
      className="jq-an-cite"
      color="blue"
      onClick={() => onOpen(page, quote)}
      data-testid="page-cite"
      data-page={page}
    >
      {t.page(page)}
    </Tag>
  );
}

/** The memo: headings, bold, list items; [n] becomes a link to page n. */
function Memo({ text, onOpen }: { text: string; onOpen?: ReportViewProps['onOpenPage'] }) {
  const inline = (line: string): ReactNode[] =>
    line.split(/(\[\d+\]|\*\*[^*]+\*\*)/g).map((part, i) => {
      const cite = /^\[(\d+)\]$/.exec(part);
      if (cite)
        return onOpen ? (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
            key={i}
            type="button"
            className="jq-an-memo-cite"
            onClick={() => onOpen(Number(cite[1]))}
            data-testid="memo-cite"
          >
            {cite[1]}
          </button>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
          <sup key={i}>[{cite[1]}]</sup>
        );
      // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
      if (part.startsWith('**')) return <strong key={i}>{part.slice(2, -2)}</strong>;
      // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
      return <Fragment key={i}>{part}</Fragment>;
    });
  return (
    <div className="jq-an-memo" data-testid="memo">
      {text.split('\n').map((line, i) => {
        // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
        if (line.startsWith('## ')) return <h3 key={i}>{inline(line.slice(3))}</h3>;
        // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
        if (line.startsWith('- ')) return <li key={i}>{inline(line.slice(2))}</li>;
        if (!line.trim()) return null;
        // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
        return <p key={i}>{inline(line)}</p>;
      })}
    </div>
  );
}

function scoreColor(score: number) {
  return score >= 70 ? '#52c41a' : score >= 45 ? '#faad14' : '#ff4d4f';
}

function DimensionCard({ d, props }: { d: Dimension; props: ReportViewProps }) {
  return (
    <Card size="small" className="jq-an-dim" data-testid={`dimension-${d.key}`}>
      <div className="jq-an-dim-head">
        <span className="jq-an-dim-label">{d.label}</span>
        <span className="jq-an-dim-score" style={{ color: scoreColor(d.score) }}>
          {d.score}
        </span>
      </div>
      <Progress percent={d.score} showInfo={false} strokeColor={scoreColor(d.score)} size="small" />
      <p className="jq-an-dim-summary">{d.summary}</p>
      {d.peer && (
        <p className="jq-an-dim-peer">
          <span className="jq-an-k">{t.peer}</span>
          {d.peer}
        </p>
      )}
      {d.evidence.length > 0 && (
        <div className="jq-an-evidence">
          <span className="jq-an-k">{t.evidence}</span>
          {d.evidence.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
            <div key={i} className="jq-an-evidence-row">
              <PageLink page={e.page} quote={e.quote} onOpen={props.onOpenPage} />
              <span>{e.quote}</span>
            </div>
          ))}
        </div>
      )}
      <div className="jq-an-advice">
        <span className="jq-an-k">{t.advice}</span>
        {d.advice ? (
          <ul data-testid="advice">
            {d.advice.map((a, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
              <li key={i}>{a}</li>
            ))}
          </ul>
        ) : (
          <div className="jq-an-locked">
            <LockOutlined /> {t.adviceLocked}
          </div>
        )}
      </div>
    </Card>
  );
}

function FactList({
  label,
  facts,
  onOpen,
}: {
  label: string;
  facts: Fact[];
  onOpen?: ReportViewProps['onOpenPage'];
}) {
  if (!facts.length) return null;
  return (
    <div className="jq-an-fact">
      <span className="jq-an-k">{label}</span>
      <div>
        {facts.map((f, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
          <div key={i} className="jq-an-evidence-row">
            <PageLink page={f.page} quote={f.quote} onOpen={onOpen} />
            <span>{f.value}</span>
          </div>
        ))}
      </div>
    </div>
  );
}

export function ReportView(props: ReportViewProps) {
  const { report, content } = props;
  const { facts, peers, readiness, flags } = report;
  const open = props.onOpenPage;
  const complete = report.dimensions.length === 9;
  return (
    <div className="jq-an-report" data-testid="report">
      {report.warnings.length > 0 && (
        <Alert
          type="info"
          showIcon
          title={t.warnings}
          description={report.warnings.join(' ')}
          className="jq-an-block"
        />
      )}
      <div className="jq-an-top">
        <Card className="jq-an-scores">
          <div className="jq-an-score-row">
            <div>
              <div className="jq-an-k">{t.overall}</div>
              <div className="jq-an-big" data-testid="overall">
                {complete ? report.overall : '…'}
              </div>
            </div>
            <div>
              <div className="jq-an-k">{t.readiness}</div>
              <div
                className="jq-an-big"
                style={{ color: scoreColor(readiness.score) }}
                data-testid="readiness"
              >
                {readiness.basis.length ? `${readiness.score}` : '…'}
                {readiness.basis.length > 0 && <Tag className="jq-an-level">{readiness.level}</Tag>}
              </div>
            </div>
          </div>
          {readiness.basis.length > 0 && (
            <ul className="jq-an-basis">
              {readiness.basis.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          )}
          {!props.unlocked && props.onUnlock && complete && (
            <Button
              type="primary"
              icon={<LockOutlined />}
              onClick={props.onUnlock}
              loading={props.isUnlocking}
              data-testid="unlock-advice"
              block
            >
              {t.unlock(props.price ?? 0)}
            </Button>
          )}
          {props.unlocked && props.onUnlock && <Tag color="green">{t.unlocked}</Tag>}
        </Card>
        <Card className="jq-an-radar" title={t.radar} size="small">
          {complete ? (
            <Suspense fallback={<Skeleton active />}>
              <RadarChart dimensions={report.dimensions} />
            </Suspense>
          ) : (
            <Skeleton active />
          )}
        </Card>
      </div>

      <Card title={t.flags} size="small" className="jq-an-block" data-testid="flags">
        {flags.length === 0 ? (
          <span className="jq-an-muted">{t.noFlags}</span>
        ) : (
          flags.map((f, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
            <div key={i} className="jq-an-flag" data-testid="flag" data-code={f.code}>
              <WarningOutlined style={{ color: f.severity === 'high' ? '#ff4d4f' : '#faad14' }} />
              <Tag color={f.severity === 'high' ? 'red' : 'orange'}>{t.severity[f.severity]}</Tag>
              <span>{f.message}</span>
              {f.pages.map((p) => (
                <PageLink key={p} page={p} onOpen={open} />
              ))}
            </div>
          ))
        )}
      </Card>

      {report.investor && (
        <Card title={t.investor} size="small" className="jq-an-block" data-testid="investor-view">
          <div className="jq-an-two">
            <div>
              <div className="jq-an-k">{t.strengths}</div>
              <ul>
                {report.investor.strengths.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            </div>
            <div>
              <div className="jq-an-k">{t.risks}</div>
              <ul>
                {report.investor.risks.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            </div>
          </div>
          <p>
            <span className="jq-an-k">{report.investor.chain ? t.chainPlace : t.subIndustry}</span>
            {report.investor.chain ? (
              <a href={`/chain?id=${encodeURIComponent(report.investor.chain.nodeId)}`}>
                {report.investor.chain.chainName} · {report.investor.chain.nodeName}
              </a>
            ) : (
              report.investor.subIndustry || '—'
            )}
          </p>
          {report.investor.investors.length > 0 && (
            <div>
              <span className="jq-an-k">{t.activeInvestors}</span>
              {report.investor.investors.map((i) => (
                <Tag key={i.oid}>
                  <a href={recordUrl('institution', i.oid, Boolean(open))}>
                    {i.name} · {i.deals}
                  </a>
                </Tag>
              ))}
            </div>
          )}
        </Card>
      )}

      <h3 className="jq-an-h">{t.dimensions}</h3>
      <div className="jq-an-dims">
        {report.dimensions.map((d) => (
          <DimensionCard key={d.key} d={d} props={props} />
        ))}
        {props.isStreaming && report.dimensions.length < 9 && <Skeleton active />}
      </div>

      <Card title={t.peers} size="small" className="jq-an-block" data-testid="peers">
        {peers.roundCount === 0 ? (
          <Empty description={t.peersNone} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <>
            <p className="jq-an-muted">
              {t.peersBasis(peers.industryName, peers.stageLabel, peers.basis === 'sub')}
            </p>
            <div className="jq-an-figures">
              <div>
                <span>{t.figures.rounds}</span>
                <b>{peers.roundCount}</b>
              </div>
              <div>
                <span>{t.figures.median}</span>
                <b>{wan(peers.medianAmount)}</b>
              </div>
              <div>
                <span>{t.figures.range}</span>
                <b>
                  {wan(peers.p25Amount)}–{wan(peers.p75Amount)}
                </b>
              </div>
              <div>
                <span>{t.figures.gap}</span>
                <b>{peers.medianGapDays === null ? '—' : `${Math.round(peers.medianGapDays / 30.4)} 个月`}</b>
              </div>
              <div>
                <span>{t.figures.rate}</span>
                <b>{pct(peers.nextRoundRate)}</b>
              </div>
              <div>
                <span>{t.figures.patents}</span>
                <b>{pct(peers.patentShare)}</b>
              </div>
            </div>
            <div className="jq-an-examples">
              {peers.examples.map((e) => (
                <a
                  key={`${e.pid}-${e.date}`}
                  href={recordUrl('project', e.pid, Boolean(open))}
                  className="jq-an-example"
                >
                  {e.name} · {e.stageLabel} · {e.amountText || wan(e.amount)} · {e.date}
                </a>
              ))}
            </div>
          </>
        )}
      </Card>

      <Collapse
        className="jq-an-block"
        items={[
          {
            key: 'facts',
            label: t.facts,
            children: (
              <div className="jq-an-facts" data-testid="facts">
                <FactList
                  label={t.factLabels.company}
                  facts={facts.company ? [facts.company] : []}
                  onOpen={open}
                />
                <FactList label={t.factLabels.ask} facts={facts.ask ? [facts.ask] : []} onOpen={open} />
                <FactList label={t.factLabels.team} facts={facts.team} onOpen={open} />
                <FactList label={t.factLabels.market} facts={facts.marketClaims} onOpen={open} />
                <FactList label={t.factLabels.traction} facts={facts.traction} onOpen={open} />
                <FactList label={t.factLabels.competitors} facts={facts.competitors} onOpen={open} />
                <FactList label={t.factLabels.useOfFunds} facts={facts.useOfFunds} onOpen={open} />
              </div>
            ),
          },
        ]}
      />

      {content && (
        <Card title={t.memo} size="small" className="jq-an-block">
          <Memo text={content} onOpen={open} />
        </Card>
      )}
    </div>
  );
}
