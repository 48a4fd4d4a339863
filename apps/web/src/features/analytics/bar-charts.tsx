import { BarChart, type BarSeries } from '@mui/x-charts/BarChart';
import {
  AXIS_CHROME_PX,
  categoryAxis,
  charsIn,
  nameAxisWidth,
  namesFitUnderBars,
  namesFormatter,
  valueTicksFor,
  X_AXIS_HEIGHT_PX,
} from './axis-ticks';
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

/**
 * One horizontal bar per label (funnel steps, agents, products), without a legend. The names get
 * the room they need up to `labelWidth` (less on a phone) and are cut with an ellipsis beyond it.
 */
export function HorizontalBars({
  labels,
  labelWidth,
  rtl,
  axisFormat,
  series,
  height,
}: {
  labels: string[];
  /** The most room for the labels, in px. */
  labelWidth: number;
  rtl: boolean;
  axisFormat: (v: number) => string;
  series: BarSeries;
  height: number;
}) {
  const [chartBox, chartWidth] = useChartWidth();
  const width = nameAxisWidth(labels, chartWidth, labelWidth);
  const widestValue = axisFormat(Math.max(0, ...(series.data ?? []).map((v) => Math.abs(v ?? 0))));
  return (
    <div ref={chartBox}>
      <BarChart
        layout="horizontal"
        yAxis={[
          {
            scaleType: 'band',
            data: labels,
            position: rtl ? 'right' : 'left',
            width,
            valueFormatter: namesFormatter(charsIn(width)),
          },
        ]}
        xAxis={[valueAxis(rtl, axisFormat, valueTicksFor(chartWidth - width - VALUE_AXIS_MARGIN_PX, widestValue))]}
        series={[series]}
        height={height}
        hideLegend
      />
    </div>
  );
}

/** The chart's margins beside the bars of horizontal bars. */
const VALUE_AXIS_MARGIN_PX = 30;

/** The height of a breakdown's horizontal bars: a row per name. */
export const horizontalBarsHeight = (rows: number) => Math.max(200, 28 * rows + 60);

/**
 * Whether a breakdown's bars stand vertical: while every name fits whole under its bar; when the
 * card is too narrow for them (a phone), or the view asks for it, they lie horizontal, names beside.
 * The ref goes on the chart's box.
 */
export function useNamesFitUnderBars(labels: readonly string[], horizontal: boolean) {
  const [chartBox, chartWidth] = useChartWidth();
  return [chartBox, !horizontal && namesFitUnderBars(labels, chartWidth - AXIS_CHROME_PX)] as const;
}

/** Vertical bars over a band axis of names that all fit whole (see useNamesFitUnderBars). */
export function VerticalNameBars({
  labels,
  rtl,
  axisFormat,
  series,
  height,
}: {
  labels: string[];
  rtl: boolean;
  axisFormat: (v: number) => string;
  series: BarSeries;
  height: number;
}) {
  return (
    <BarChart
      xAxis={[{ scaleType: 'band', data: labels, reverse: rtl, height: X_AXIS_HEIGHT_PX }]}
      yAxis={[{ position: rtl ? 'right' : 'left', valueFormatter: axisFormat }]}
      series={[series]}
      height={height}
      hideLegend
    />
  );
}
