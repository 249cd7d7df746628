/** Small pieces the teaser pages share: the list card, the watermark, the daily chart. */
import { EyeOutlined } from '@ant-design/icons';
import type { TeaserSummary } from '@jq/contract';
import { Button, Card, Empty, Result, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { teaser as t } from '../../locales/zh-CN/teaser';
import { formatWan } from '../../shared/format/figures';
import { useOwnBackControl } from '../../shared/navigation/own-back';
import { routePath } from '../../shared/navigation/route-path';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';

export const teaserUrl = (id: number) => `${routePath('teaserInfo')}?id=${id}`;
export const resultUrl = (id: number, generate = false) =>
  `${routePath('teaserResult')}?id=${id}${generate ? '&gen=1' : ''}`;

export function TeaserFacts({ item }: { item: TeaserSummary }) {
  return (
    <Space size={[4, 4]} wrap>
      {item.industryNames.slice(0, 2).map((name) => (
        <Tag key={name} color="blue">
          {name}
        </Tag>
      ))}
      {item.stage ? <Tag>{item.stageName}</Tag> : null}
      {item.amount ? <Tag>{formatWan(item.amount)}</Tag> : null}
      {item.regionName ? <Tag>{item.regionName}</Tag> : null}
      {item.isVipPriority ? <Tag color="gold">{t.vipPriority}</Tag> : null}
    </Space>
  );
}

export function TeaserCard({
  item,
  extra,
  footer,
}: {
  item: TeaserSummary;
  extra?: ReactNode;
  footer?: ReactNode;
}) {
  const navigate = useAppNavigate();
  const mine = item.status === 'draft';
  return (
    <Card
      className="teaser-card"
      hoverable
      size="small"
      onClick={() => navigate(mine ? resultUrl(item.id) : teaserUrl(item.id))}
      title={<span className="teaser-card-title">{item.title}</span>}
      extra={extra ?? (mine ? <Tag>{t.draft}</Tag> : null)}
    >
      <TeaserFacts item={item} />
      <Typography.Paragraph className="teaser-card-summary" ellipsis={{ rows: 3 }}>
        {item.summary}
      </Typography.Paragraph>
      <div className="teaser-card-foot">
        <span>
          <EyeOutlined /> {t.views(item.views)}
        </span>
        {footer}
      </div>
    </Card>
  );
}

export function TeaserGrid({
  items,
  render,
}: {
  items: TeaserSummary[];
  render?: (item: TeaserSummary) => ReactNode;
}) {
  if (!items.length) return <Empty description={t.empty} />;
  return (
    <div className="teaser-grid">
      {items.map((item) => render?.(item) ?? <TeaserCard key={item.id} item={item} />)}
    </div>
  );
}

/** A tiled, faint watermark of the reader's name and masked phone over the page. */
export function watermarkStyle(text: string): React.CSSProperties | undefined {
  if (!text) return undefined;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="260" height="160"><text x="10" y="100" transform="rotate(-20 130 80)" font-size="15" fill="rgba(0,0,0,0.07)" font-family="sans-serif">${text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')}</text></svg>`;
  return { backgroundImage: `url("data:image/svg+xml;utf8,${encodeURIComponent(svg)}")` };
}

/** Unique viewers a day as bars (plain SVG: no chart library for one small chart). */
export function DailyChart({
  points,
}: {
  points: { date: string; uniqueViewers: number; visits: number }[];
}) {
  const max = Math.max(1, ...points.map((p) => p.uniqueViewers));
  const w = 100 / Math.max(1, points.length);
  return (
    <div className="teaser-chart" role="img" aria-label={t.analytics.chart}>
      <svg viewBox="0 0 100 40" preserveAspectRatio="none" width="100%" height="120">
        <title>{t.analytics.chart}</title>
        {points.map((p, i) => {
          const h = (p.uniqueViewers / max) * 36;
          return (
            <rect
              key={p.date}
              x={i * w + w * 0.15}
              y={38 - h}
              width={w * 0.7}
              height={Math.max(h, 0.4)}
              rx={0.6}
              fill="var(--ant-color-primary, #1677ff)"
            >
              <title>{`${p.date}：${p.uniqueViewers} 位独立访客，${p.visits} 次浏览`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="teaser-chart-axis">
        <span>{points[0]?.date.slice(5)}</span>
        <span>{points.at(-1)?.date.slice(5)}</span>
      </div>
    </div>
  );
}

export const formatMs = (ms: number) => {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} 秒` : `${Math.floor(s / 60)} 分 ${s % 60} 秒`;
};

/**
 * A teaser that cannot be shown (gone, or no id), with the way back to 创投匹配. That button
 * is the page's back control, so the header leaves out its own.
 */
export function TeaserGone({ subTitle }: { subTitle?: string }) {
  const navigate = useAppNavigate();
  useOwnBackControl();
  return (
    <Result
      status="404"
      title={t.reader.gone}
      subTitle={subTitle}
      extra={<Button onClick={() => navigate(routePath('teaser'))}>{t.reader.back}</Button>}
    />
  );
}
