/**
 * The nine rubric scores as a radar (ECharts with only the radar chart, its component and the
 * canvas renderer registered). Loaded lazily by the report, so ECharts downloads only when a
 * report is shown.
 */
import type { Dimension } from '@jq/contract';
import { RadarChart as Radar } from 'echarts/charts';
import { RadarComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([Radar, RadarComponent, TooltipComponent, CanvasRenderer]);

export default function RadarChart({
  dimensions,
  height = 300,
}: {
  dimensions: Dimension[];
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const element = box.current!;
    chart.current = echarts.init(element, undefined, { renderer: 'canvas' });
    const observer = new ResizeObserver(() => chart.current?.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(
      {
        tooltip: {},
        radar: {
          indicator: dimensions.map((d) => ({ name: d.label, max: 100 })),
          radius: '62%',
          axisName: { color: '#595959', fontSize: 12 },
          splitArea: { areaStyle: { color: ['#fafafa', '#f0f5ff'] } },
        },
        series: [
          {
            type: 'radar',
            data: [{ value: dimensions.map((d) => d.score), name: '评分', areaStyle: { opacity: 0.25 } }],
            symbolSize: 5,
          },
        ],
      },
      { notMerge: true },
    );
  }, [dimensions]);

  return <div ref={box} style={{ width: '100%', height }} data-testid="radar-chart" />;
}
