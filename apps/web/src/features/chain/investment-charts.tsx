/**
 * A node's investment activity as charts: deals (bars) and disclosed amounts (line) per
 * quarter, the mix of stages, and the institutions with the most deals. ECharts, loaded
 * with this file only when the 投融资 tab opens.
 */
import { Empty, Segmented, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { chainText } from '../../locales/zh-CN/chain';
import { LoadError } from '../../shared/components/load-error';
import { formatWan } from '../../shared/format/figures';
import type { Investment } from './api';
import { type ChartOption, EChart } from './echart';
import { useNodeInvestment } from './queries';

const YEARS = [3, 5, 10] as const;
const PALETTE = ['#1677ff', '#13c2c2', '#faad14', '#f5222d', '#722ed1', '#52c41a', '#eb2f96', '#fa8c16'];

function timelineOption(data: Investment): ChartOption {
  const t = data.timeline!;
  return {
    color: PALETTE,
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0, data: [chainText.charts.deals, chainText.charts.amount] },
    grid: { left: 40, right: 48, top: 32, bottom: 56 },
    xAxis: { type: 'category', data: t.periods, axisLabel: { fontSize: 11 } },
    yAxis: [
      { type: 'value', name: chainText.charts.dealsAxis, minInterval: 1 },
      { type: 'value', name: '亿元', splitLine: { show: false } },
    ],
    series: [
      { name: chainText.charts.deals, type: 'bar', data: t.deals, barMaxWidth: 18 },
      {
        name: chainText.charts.amount,
        type: 'line',
        yAxisIndex: 1,
        data: t.amounts,
        smooth: true,
        symbolSize: 5,
      },
    ],
  };
}

function stagesOption(data: Investment): ChartOption {
  return {
    color: PALETTE,
    tooltip: { trigger: 'item', formatter: '{b}：{c} 起（{d}%）' },
    legend: { bottom: 0, type: 'scroll', itemWidth: 10, itemHeight: 10, textStyle: { fontSize: 11 } },
    series: [
      {
        type: 'pie',
        radius: ['38%', '62%'],
        center: ['50%', '44%'],
        label: { formatter: (p: { percent: number }) => `${Math.round(p.percent)}%`, fontSize: 11 },
        labelLine: { length: 6, length2: 6 },
        data: data.stages.map((s) => ({ name: s.label, value: s.deals })),
      },
    ],
  };
}

function investorsOption(data: Investment): ChartOption {
  const list = [...data.investors].reverse();
  return {
    color: PALETTE,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, data: [chainText.charts.deals, chainText.charts.leads] },
    grid: { left: 8, right: 24, top: 28, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: {
      type: 'category',
      data: list.map((i) => i.name),
      axisLabel: { width: 96, overflow: 'truncate' },
    },
    series: [
      { name: chainText.charts.deals, type: 'bar', data: list.map((i) => i.deals), barMaxWidth: 14 },
      { name: chainText.charts.leads, type: 'bar', data: list.map((i) => i.leads), barMaxWidth: 14 },
    ],
  };
}

export default function InvestmentCharts({ id }: { id: string }) {
  const [years, setYears] = useState<number>(5);
  const query = useNodeInvestment(id, years);
  const data = query.data;
  const options = useMemo(
    () =>
      data?.timeline
        ? { timeline: timelineOption(data), stages: stagesOption(data), investors: investorsOption(data) }
        : null,
    [data],
  );
  return (
    <div className="jq-chain-charts" data-testid="chain-charts">
      <div className="jq-chain-charts-bar">
        <span className="jq-chain-muted">
          {data?.summary
            ? chainText.charts.summary(
                data.summary.deals,
                formatWan(data.summary.amount),
                data.summary.companies,
                data.summary.since,
              )
            : ''}
        </span>
        <Segmented
          size="small"
          value={years}
          onChange={(value) => setYears(Number(value))}
          options={YEARS.map((y) => ({ value: y, label: chainText.charts.years(y) }))}
        />
      </div>
      {query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : data.empty || !options ? (
        <Empty description={data.empty ?? chainText.sparse} data-testid="chain-charts-empty" />
      ) : (
        <>
          <h4 className="jq-chain-chart-title">{chainText.charts.timeline}</h4>
          <EChart option={options.timeline} height={240} testId="chain-chart-timeline" />
          <div className="jq-chain-chart-pair">
            <div>
              <h4 className="jq-chain-chart-title">{chainText.charts.stages}</h4>
              <EChart option={options.stages} height={260} testId="chain-chart-stages" />
            </div>
            <div>
              <h4 className="jq-chain-chart-title">{chainText.charts.investors}</h4>
              <EChart option={options.investors} height={260} testId="chain-chart-investors" />
            </div>
          </div>
        </>
      )}
    </div>
  );
}
