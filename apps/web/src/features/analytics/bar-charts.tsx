import { BarChart, type BarSeries } from '@mui/x-charts/BarChart';
import { categoryAxis } from './axis-ticks';
import { valueAxis } from './chart-axes';
import { useChartWidth } from './use-chart-width';

/**
 * Vertical bars over a category axis (hours, days) whose labels thin out to the card's width
 * (issue 14.5); the value axis stands on the reading side.
 */
export function CategoryBarChart({
  labels,
  rtl,
  series,
  height,
  valueAxis: values,
}: {
  labels: string[];
  rtl: boolean;
  series: BarSeries[];
  height: number;
  /** Amounts want a wider value axis with their own labels; counts keep the chart's default. */
  valueAxis?: { width: number; valueFormatter: (v: number) => string };
}) {
  const [chartBox, chartWidth] = useChartWidth();
  return (
    <div ref={chartBox}>
      <BarChart
        xAxis={[categoryAxis('band', labels, rtl, chartWidth)]}
        yAxis={[{ position: rtl ? 'right' : 'left', ...values }]}
        series={series}
        height={height}
      />
    </div>
  );
}

/** One horizontal bar per label (funnel steps, agents, products), without a legend. */
export function HorizontalBars({
  labels,
  labelWidth,
  rtl,
  axisFormat,
  series,
  height,
}: {
  labels: string[];
  /** Room for the labels, in px. */
  labelWidth: number;
  rtl: boolean;
  axisFormat: (v: number) => string;
  series: BarSeries;
  height: number;
}) {
  return (
    <BarChart
      layout="horizontal"
      yAxis={[{ scaleType: 'band', data: labels, position: rtl ? 'right' : 'left', width: labelWidth }]}
      xAxis={[valueAxis(rtl, axisFormat)]}
      series={[series]}
      height={height}
      hideLegend
    />
  );
}
