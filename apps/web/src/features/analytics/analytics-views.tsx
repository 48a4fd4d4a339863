import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  daysOf,
  type TAnalyticsDimension,
  type TAnalyticsMetric,
  type TAnalyticsReport,
  type TAnalyticsView,
  type TMetricTable,
} from '@cod/shared';
import { SelectField } from '../../components/forms/select-field';
import { useAnalyticsReport, type TReportParams } from './analytics-api';
import {
  AccountingByCampaign,
  AccountingByProduct,
  AccountingKpis,
  AccountingPerDay,
  AgentCommissions,
} from './accounting-view';
import { formatters, type TFormatters } from './analytics-format';
import { categoryAxis, pointAxisMargin } from './axis-ticks';
import {
  CategoryBarChart,
  HorizontalBars,
  horizontalBarsHeight,
  useNamesFitUnderBars,
  VerticalNameBars,
} from './bar-charts';
import { ChartCard, stateOf, type TCell } from './chart-card';
import { derive, type TDerived } from './derived';
import { KpiGrid } from './kpi-card';
import { useChartWidth } from './use-chart-width';
import { WilayaGrid } from './wilaya-grid';

export interface TViewProps {
  query: TReportParams;
}

function useView() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const fmt = useMemo(() => formatters(i18n.language), [i18n.language]);
  const units = { h: t('analytics.units.h'), d: t('analytics.units.d') };
  return { t, fmt, rtl, units, language: i18n.language };
}

/** Every day of the period with its metrics (days without events are zeros). */
function filledDays(report: TAnalyticsReport | undefined) {
  if (!report) return [];
  const byDay = new Map(report.days.map((d) => [d.day, d.metrics]));
  return daysOf(report.period).map((day) => ({ day, metrics: byDay.get(day) ?? ({} as TMetricTable) }));
}

const SERIES_COLORS: Partial<Record<TAnalyticsMetric, string>> = {
  created: '#7367f0',
  confirmed: '#00bad1',
  delivered: '#28c76f',
  returned: '#ff4c51',
  cancelled: '#808390',
  dispatched: '#ff9f43',
  called: '#9e95f5',
};

/** A time series chart of some metrics per day (or week/month), with its table. */
function SeriesCard({
  title,
  name,
  report,
  state,
  metrics,
  bucket = 'day',
}: {
  title: string;
  name: string;
  report: TAnalyticsReport | undefined;
  state: ReturnType<typeof stateOf>;
  metrics: TAnalyticsMetric[];
  bucket?: 'day' | 'week' | 'month';
}) {
  const { t, fmt, rtl } = useView();
  const [chartBox, chartWidth] = useChartWidth();
  const buckets = useMemo(() => {
    const out = new Map<string, Record<string, number>>();
    for (const { day, metrics: table } of filledDays(report)) {
      const key = bucket === 'month' ? day.slice(0, 7) : bucket === 'week' ? weekOf(day) : day;
      const row = out.get(key) ?? {};
      for (const metric of metrics) row[metric] = (row[metric] ?? 0) + (table[metric]?.n ?? 0);
      out.set(key, row);
    }
    return [...out].map(([key, row]) => ({ key, row }));
  }, [report, metrics, bucket]);
  const hasData = buckets.some((b) => metrics.some((m) => (b.row[m] ?? 0) > 0));
  // A week by its first day ("24 Aug"), a month by name ("Nov 2026"); the table and export keep the
  // keys, and so does the axis when a range over a year would write two periods the same.
  const named = buckets.map((b) => (bucket === 'month' ? fmt.month(b.key) : fmt.day(b.key)));
  const labels = new Set(named).size === named.length ? named : buckets.map((b) => b.key);
  const columns = [t('analytics.columns.period'), ...metrics.map((m) => t(`analytics.metrics.${m}`))];
  const rows: TCell[][] = hasData ? buckets.map((b) => [b.key, ...metrics.map((m) => b.row[m] ?? 0)]) : [];
  return (
    <ChartCard
      title={title}
      name={name}
      columns={columns}
      rows={rows}
      display={rows.map((r) => r.map((c, i) => (i === 0 ? String(c) : fmt.count(c as number))))}
      {...state}
      chart={
        <div ref={chartBox}>
          <LineChart
            xAxis={[categoryAxis('point', labels, rtl, chartWidth)]}
            margin={pointAxisMargin(labels, rtl)}
            yAxis={[{ position: rtl ? 'right' : 'left', valueFormatter: (v: number) => fmt.count(v) }]}
            series={metrics.map((m) => ({
              data: buckets.map((b) => b.row[m] ?? 0),
              label: t(`analytics.metrics.${m}`),
              color: SERIES_COLORS[m],
              showMark: buckets.length < 40,
              valueFormatter: (v: number | null) => fmt.count(v),
            }))}
            height={280}
          />
        </div>
      }
    />
  );
}

function weekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const monday = new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * 86_400_000);
  return monday.toISOString().slice(0, 10);
}

type TColumn = {
  id: string;
  label: string;
  value: (d: TDerived, row: TBreakdownRow) => number | null;
  show: (v: number | null) => string;
};
type TBreakdownRow = { key: string; label: string; labelAr: string | null; metrics: TMetricTable };

/** A breakdown card's title, dimension and row order, as a view describes it and the card takes it. */
type TBreakdownSettings = {
  title: string;
  name: string;
  dimension: TAnalyticsDimension;
  sort?: (a: TDerived, b: TDerived) => number;
  /** Rows worth showing (the others are left out of chart and table). */
  keep?: (d: TDerived) => boolean;
  horizontal?: boolean;
};

/** A breakdown (by agent, product, wilaya, ...) as a bar chart of one value, with the full table. */
function BreakdownCard({
  title,
  name,
  query,
  dimension,
  columns,
  chartColumn,
  sort,
  keep,
  limit = 15,
  labelOf,
  horizontal = false,
}: TBreakdownSettings & {
  query: TReportParams;
  columns: TColumn[];
  chartColumn: string;
  limit?: number;
  labelOf?: (row: TBreakdownRow) => string;
}) {
  const { t, rtl, language } = useView();
  const breakdown = useBreakdown(query, dimension);
  const report = breakdown.data;
  const rows = useMemo(() => {
    const list = (report?.breakdown?.rows ?? [])
      .map((row) => ({ row, d: derive(row.metrics) }))
      .filter(({ d }) => !keep || keep(d));
    list.sort((a, b) => (sort ? sort(a.d, b.d) : b.d.orders - a.d.orders));
    return list;
  }, [report, sort, keep]);
  const label = (row: TBreakdownRow) =>
    labelOf
      ? labelOf(row)
      : row.key === '0' && report?.breakdown?.dimension === 'agent'
        ? t('analytics.unassigned')
        : row.key === '-' || row.key === '0'
          ? t('analytics.none')
          : language === 'ar' && row.labelAr
            ? row.labelAr
            : row.label;
  const chart = columns.find((c) => c.id === chartColumn)!;
  const top = rows.slice(0, limit);
  const labels = top.map((r) => label(r.row));
  const data = top.map((r) => chart.value(r.d, r.row) ?? 0);
  const series = { data, label: chart.label, valueFormatter: (v: number | null) => chart.show(v) };
  const [chartBox, vertical] = useNamesFitUnderBars(labels, horizontal);
  const height = vertical ? 280 : horizontalBarsHeight(top.length);
  const axisFormat = (v: number) => chart.show(v);
  const chartNode = (
    <div ref={chartBox} data-layout={vertical ? 'vertical' : 'horizontal'}>
      {vertical ? (
        <VerticalNameBars labels={labels} rtl={rtl} axisFormat={axisFormat} series={series} height={height} />
      ) : (
        <HorizontalBars
          labels={labels}
          labelWidth={120}
          rtl={rtl}
          axisFormat={axisFormat}
          series={series}
          height={height}
        />
      )}
    </div>
  );
  return (
    <ChartCard
      title={title}
      name={name}
      columns={[t('analytics.columns.name'), ...columns.map((c) => c.label)]}
      rows={rows.map((r) => [label(r.row), ...columns.map((c) => c.value(r.d, r.row))])}
      display={rows.map((r) => [label(r.row), ...columns.map((c) => c.show(c.value(r.d, r.row)))])}
      height={height}
      {...stateOf(breakdown)}
      chart={chartNode}
    />
  );
}

type TKind = 'count' | 'rate' | 'money' | 'duration';

/** A value as its kind shows it (a count, a rate, an amount in DA, a duration). */
function showValue(fmt: TFormatters, units: { h: string; d: string }, kind: TKind, v: number | null): string {
  if (kind === 'count') return fmt.count(v);
  if (kind === 'rate') return fmt.rate(v);
  if (kind === 'money') return fmt.money(v);
  return fmt.duration(v, units);
}

const COLUMN_KINDS = {
  orders: 'count',
  confirmed: 'count',
  cancelled: 'count',
  delivered: 'count',
  returned: 'count',
  confirmationRate: 'rate',
  deliveryRate: 'rate',
  returnRate: 'rate',
  cancellationRate: 'rate',
  confirmationDelayS: 'duration',
  deliveryTimeS: 'duration',
  revenue: 'money',
  returnedValue: 'money',
} as const satisfies Partial<Record<keyof TDerived, TKind>>;

type TColumnId = keyof typeof COLUMN_KINDS;

function columnOf(t: (k: string) => string, fmt: TFormatters, units: { h: string; d: string }, id: TColumnId): TColumn {
  return {
    id,
    label: t(`analytics.kpi.${id}`),
    value: (d) => d[id],
    show: (v) => showValue(fmt, units, COLUMN_KINDS[id], v),
  };
}

function useBreakdown(query: TReportParams, breakdown: TAnalyticsDimension) {
  return useAnalyticsReport({ ...query, compare: false, breakdown });
}

/** The period's report without the comparison, as the views' charts read it. */
function usePeriodReport(query: TReportParams) {
  return useAnalyticsReport({ ...query, compare: false });
}

/** The 24 hours of a breakdown by hour (hours without events are zeros). */
function useHourRows(report: TAnalyticsReport | undefined) {
  return useMemo(() => {
    const map = new Map((report?.breakdown?.rows ?? []).map((r) => [r.key, r]));
    return Array.from({ length: 24 }, (_, h) => ({ hour: h, d: derive(map.get(String(h))?.metrics) }));
  }, [report]);
}

/** Steps (label, count) as horizontal bars: the confirmation funnel, the order flow. */
function StepsChart({ steps }: { steps: Array<[string, number]> }) {
  const { fmt, rtl } = useView();
  return (
    <HorizontalBars
      labels={steps.map((s) => s[0])}
      labelWidth={100}
      rtl={rtl}
      axisFormat={(v) => fmt.count(v)}
      series={{ data: steps.map((s) => s[1]), valueFormatter: (v: number | null) => fmt.count(v) }}
      height={280}
    />
  );
}

// ---------------------------------------------------------------- the views, as descriptions

/** A grid cell of a view: a chart, a breakdown, the wilaya map or a note. */
type TBlock = { size?: 'full' | 'half' | 'wide' | 'narrow' } & (
  | { type: 'series'; title: string; name: string; metrics: TAnalyticsMetric[]; buckets?: boolean }
  | ({ type: 'breakdown'; columns: TColumnId[]; chartColumn: TColumnId } & TBreakdownSettings)
  | { type: 'wilaya'; name: string; kind: 'delivered' | 'returns'; columns: TColumnId[] }
  | { type: 'note'; text: string }
  | { type: 'chart'; name: string; Chart: (props: TViewProps) => ReactNode }
);

const SIZES = {
  full: 12,
  half: { xs: 12, md: 6 },
  wide: { xs: 12, md: 7 },
  narrow: { xs: 12, md: 5 },
} as const;

const SOURCE_COLUMNS: TColumnId[] = ['orders', 'confirmed', 'delivered', 'confirmationRate', 'deliveryRate'];

type TBreakdownBlock = Extract<TBlock, { type: 'breakdown' }>;

/** Breakdowns side by side, alike but for their dimension (`by_source`, `by_campaign`). */
function halves(
  name: string,
  dimensions: readonly TAnalyticsDimension[],
  spec: Pick<TBreakdownBlock, 'columns' | 'chartColumn' | 'sort' | 'horizontal'>,
  title = 'analytics.charts.by_',
): TBlock[] {
  return dimensions.map((dimension) => ({
    type: 'breakdown',
    size: 'half',
    title: `${title}${dimension}`,
    name: `${name}${dimension}`,
    dimension,
    ...spec,
  }));
}

function outcomeBlocks(kind: 'delivered' | 'returns'): TBlock[] {
  const rate = kind === 'delivered' ? 'deliveryRate' : 'returnRate';
  const columns: TColumnId[] = [
    'delivered',
    'returned',
    rate,
    kind === 'delivered' ? 'deliveryTimeS' : 'returnedValue',
  ];
  const sort = (a: TDerived, b: TDerived) => (b[rate] ?? -1) - (a[rate] ?? -1);
  return [
    {
      type: 'series',
      title: kind === 'delivered' ? 'analytics.charts.delivered_per_day' : 'analytics.charts.returned_per_day',
      name: `${kind}_per_day`,
      metrics: ['delivered', 'returned'],
    },
    { type: 'wilaya', name: `${kind}_by_wilaya`, kind, columns },
    ...halves(`${kind}_by_`, ['carrier', 'product'], { columns, chartColumn: rate, sort, horizontal: true }),
    {
      type: 'breakdown',
      size: 'full',
      title: 'analytics.charts.worst_communes',
      name: `${kind}_worst_communes`,
      dimension: 'commune',
      columns,
      chartColumn: rate,
      sort: worstCommunesFirst,
      keep: enoughParcels,
      horizontal: true,
    },
  ];
}

/**
 * Decision 0111: the worst communes are those with the highest return rate among communes with at
 * least WORST_COMMUNE_MIN_PARCELS finished parcels (one refused parcel is not a pattern).
 */
const WORST_COMMUNE_MIN_PARCELS = 5;
const enoughParcels = (d: TDerived) => d.delivered + d.returned >= WORST_COMMUNE_MIN_PARCELS;
const worstCommunesFirst = (a: TDerived, b: TDerived) =>
  (b.returnRate ?? -1) - (a.returnRate ?? -1) || b.returned - a.returned;

const VIEWS = {
  orders: [
    {
      type: 'series',
      title: 'analytics.charts.orders_by_status',
      name: 'orders',
      metrics: ['created', 'confirmed', 'cancelled', 'dispatched', 'delivered', 'returned'],
      buckets: true,
    },
    ...halves('by_', ['source', 'campaign'], { columns: SOURCE_COLUMNS, chartColumn: 'orders' }),
  ],
  confirmation: [
    { type: 'chart', size: 'narrow', name: 'funnel', Chart: FunnelChart },
    { type: 'chart', size: 'wide', name: 'confirmation_by_hour', Chart: ConfirmationByHourChart },
    ...halves('confirmation_by_', ['agent', 'product'], {
      columns: ['orders', 'confirmed', 'confirmationRate', 'confirmationDelayS'],
      chartColumn: 'confirmationRate',
      horizontal: true,
    }),
  ],
  delivered: outcomeBlocks('delivered'),
  returns: outcomeBlocks('returns'),
  canceled: [
    { type: 'series', title: 'analytics.charts.cancelled_per_day', name: 'cancelled_per_day', metrics: ['cancelled'] },
    ...halves('cancelled_by_', ['agent', 'source'], {
      columns: ['orders', 'cancelled', 'cancellationRate'],
      chartColumn: 'cancelled',
      horizontal: true,
    }),
    {
      type: 'breakdown',
      size: 'full',
      title: 'analytics.charts.cancel_reasons',
      name: 'cancel_reasons',
      dimension: 'reason',
      columns: ['cancelled'],
      chartColumn: 'cancelled',
      sort: (a, b) => b.cancelled - a.cancelled,
      horizontal: true,
    },
  ],
  agents: [
    {
      type: 'breakdown',
      title: 'analytics.charts.leaderboard',
      name: 'agents',
      dimension: 'agent',
      columns: [
        'orders',
        'confirmed',
        'delivered',
        'confirmationRate',
        'deliveryRate',
        'confirmationDelayS',
        'revenue',
      ],
      chartColumn: 'confirmed',
      sort: (a, b) => b.confirmed - a.confirmed || b.delivered - a.delivered,
      horizontal: true,
    },
    // Decision 0117: commission earned per agent, from the ledger.
    { type: 'chart', name: 'agent_commissions', Chart: AgentCommissions },
    { type: 'note', text: 'analytics.notes.commission' },
  ],
  flow: [
    { type: 'chart', name: 'flow', Chart: FlowChart },
    {
      type: 'breakdown',
      title: 'analytics.charts.flow_by_source',
      name: 'flow_by_source',
      dimension: 'source',
      columns: ['orders', 'confirmed', 'delivered', 'returned', 'cancelled'],
      chartColumn: 'delivered',
    },
  ],
  // Decision 0116: the money of the period (GET /dashboard/analytics/accounting).
  accounting: [
    { type: 'note', text: 'analytics.notes.accounting' },
    { type: 'chart', name: 'accounting_kpis', Chart: AccountingKpis },
    { type: 'chart', name: 'accounting_per_day', Chart: AccountingPerDay },
    { type: 'chart', size: 'half', name: 'accounting_by_product', Chart: AccountingByProduct },
    { type: 'chart', size: 'half', name: 'accounting_by_campaign', Chart: AccountingByCampaign },
    { type: 'chart', name: 'revenue', Chart: RevenueChart },
  ],
} satisfies Partial<Record<TAnalyticsView, TBlock[]>>;

export type TGridView = keyof typeof VIEWS;

/** A view of the analytics page from its description (VIEWS): one grid, a cell per block. */
export function AnalyticsGridView({ query, view }: TViewProps & { view: TGridView }) {
  const blocks: TBlock[] = VIEWS[view];
  return (
    <Grid container spacing={2}>
      {blocks.map((block) => (
        <Grid key={block.type === 'note' ? block.text : block.name} size={SIZES[block.size ?? 'full']}>
          <Block block={block} query={query} />
        </Grid>
      ))}
    </Grid>
  );
}

function Block({ block, query }: TViewProps & { block: TBlock }) {
  const { t, fmt, units } = useView();
  const columns = (ids: TColumnId[]) => ids.map((id) => columnOf(t, fmt, units, id));
  switch (block.type) {
    case 'series':
      return (
        <PeriodSeries
          query={query}
          title={t(block.title)}
          name={block.name}
          metrics={block.metrics}
          buckets={block.buckets}
        />
      );
    case 'breakdown':
      return (
        <BreakdownCard
          title={t(block.title)}
          name={block.name}
          query={query}
          dimension={block.dimension}
          columns={columns(block.columns)}
          chartColumn={block.chartColumn}
          sort={block.sort}
          keep={block.keep}
          horizontal={block.horizontal}
        />
      );
    case 'wilaya':
      return <WilayaBlock query={query} name={block.name} kind={block.kind} columns={columns(block.columns)} />;
    case 'note':
      return <Alert severity="info">{t(block.text)}</Alert>;
    case 'chart':
      return <block.Chart query={query} />;
  }
}

/** The period's series chart; with `buckets`, a picker sums it per day, week or month. */
function PeriodSeries({
  query,
  title,
  name,
  metrics,
  buckets,
}: TViewProps & { title: string; name: string; metrics: TAnalyticsMetric[]; buckets?: boolean }) {
  const { t } = useView();
  const [bucket, setBucket] = useState<'day' | 'week' | 'month'>('day');
  const report = usePeriodReport(query);
  return (
    <>
      {buckets && (
        <SelectField
          size="small"
          label={t('analytics.bucket.label')}
          value={bucket}
          onChange={(e) => setBucket(e.target.value as typeof bucket)}
          sx={{ mb: 1, minWidth: 140 }}
          options={(['day', 'week', 'month'] as const).map((b) => ({ value: b, label: t(`analytics.bucket.${b}`) }))}
        />
      )}
      <SeriesCard
        title={title}
        name={name}
        report={report.data}
        state={stateOf(report)}
        metrics={metrics}
        bucket={bucket}
      />
    </>
  );
}

function WilayaBlock({
  query,
  name,
  kind,
  columns,
}: TViewProps & { name: string; kind: 'delivered' | 'returns'; columns: TColumn[] }) {
  const { t } = useView();
  const byWilaya = useBreakdown(query, 'wilaya');
  return (
    <WilayaGrid
      title={t('analytics.charts.by_wilaya')}
      name={name}
      report={byWilaya.data}
      state={stateOf(byWilaya)}
      kind={kind}
      columns={columns}
    />
  );
}

// ---------------------------------------------------------------- overview

const KPIS: Array<{ id: keyof TDerived; kind: TKind; lowerIsBetter?: boolean }> = [
  { id: 'orders', kind: 'count' },
  { id: 'confirmationRate', kind: 'rate' },
  { id: 'deliveryRate', kind: 'rate' },
  { id: 'returnRate', kind: 'rate', lowerIsBetter: true },
  { id: 'cancellationRate', kind: 'rate', lowerIsBetter: true },
  { id: 'confirmationDelayS', kind: 'duration', lowerIsBetter: true },
  { id: 'deliveryTimeS', kind: 'duration', lowerIsBetter: true },
  { id: 'revenue', kind: 'money' },
];

export function OverviewView({ query }: TViewProps) {
  const { t, fmt, rtl, units } = useView();
  const report = useAnalyticsReport(query);
  const data = report.data;
  const current = derive(data?.totals);
  const previous = data?.previousTotals ? derive(data.previousTotals) : null;
  const days = filledDays(data).map((d) => derive(d.metrics));
  const kpis = KPIS.map((k) => ({
    id: k.id,
    label: t(`analytics.kpi.${k.id}`),
    value: current[k.id],
    previous: previous ? previous[k.id] : undefined,
    text: report.isPending ? '…' : showValue(fmt, units, k.kind, current[k.id]),
    series: days.map((d) => d[k.id] ?? 0),
    higherIsBetter: !k.lowerIsBetter,
  }));
  return (
    <>
      {report.isError && <Alert severity="error">{t('analytics.load_failed')}</Alert>}
      <KpiGrid kpis={kpis} size={{ xs: 6, md: 3 }} fmt={fmt} rtl={rtl} sx={{ mb: 2 }} />
      <SeriesCard
        title={t('analytics.charts.activity')}
        name="activity"
        report={data}
        state={stateOf(report)}
        metrics={['created', 'confirmed', 'delivered', 'returned']}
      />
    </>
  );
}

// ---------------------------------------------------------------- the views' own charts

function FunnelChart({ query }: TViewProps) {
  const { t, fmt, units } = useView();
  const report = usePeriodReport(query);
  const d = derive(report.data?.totals);
  const funnel: Array<[string, number]> = [
    [t('analytics.metrics.created'), d.orders],
    [t('analytics.metrics.called'), d.called],
    [t('analytics.metrics.confirmed'), d.confirmed],
  ];
  return (
    <ChartCard
      title={t('analytics.charts.funnel')}
      subtitle={`${t('analytics.kpi.confirmationRate')}: ${fmt.rate(d.confirmationRate)} · ${t('analytics.kpi.confirmationDelayS')}: ${fmt.duration(d.confirmationDelayS, units)}`}
      name="funnel"
      columns={[t('analytics.columns.step'), t('analytics.columns.count')]}
      rows={d.orders ? funnel.map(([a, b]) => [a, b]) : []}
      {...stateOf(report)}
      chart={<StepsChart steps={funnel} />}
    />
  );
}

function ConfirmationByHourChart({ query }: TViewProps) {
  const { t, rtl } = useView();
  const byHour = useBreakdown(query, 'hour');
  const hourRows = useHourRows(byHour.data);
  const hasHours = hourRows.some((r) => r.d.confirmed > 0 || r.d.orders > 0);
  return (
    <ChartCard
      title={t('analytics.charts.by_hour')}
      name="confirmation_by_hour"
      columns={[t('analytics.columns.hour'), t('analytics.metrics.created'), t('analytics.metrics.confirmed')]}
      rows={hasHours ? hourRows.map((r) => [r.hour, r.d.orders, r.d.confirmed]) : []}
      {...stateOf(byHour)}
      chart={
        <CategoryBarChart
          labels={hourRows.map((r) => `${r.hour}h`)}
          rtl={rtl}
          series={(['created', 'confirmed'] as const).map((m) => ({
            data: hourRows.map((r) => (m === 'created' ? r.d.orders : r.d.confirmed)),
            label: t(`analytics.metrics.${m}`),
            color: SERIES_COLORS[m],
          }))}
          height={280}
        />
      }
    />
  );
}

function FlowChart({ query }: TViewProps) {
  const { t, fmt } = useView();
  const report = usePeriodReport(query);
  const d = derive(report.data?.totals);
  const steps: Array<[TAnalyticsMetric, number]> = [
    ['created', d.orders],
    ['called', d.called],
    ['confirmed', d.confirmed],
    ['dispatched', d.dispatched],
    ['delivered', d.delivered],
    ['returned', d.returned],
    ['cancelled', d.cancelled],
  ];
  const share = (n: number) => (d.orders ? n / d.orders : null);
  return (
    <ChartCard
      title={t('analytics.charts.flow')}
      name="flow"
      columns={[t('analytics.columns.step'), t('analytics.columns.count'), t('analytics.columns.share')]}
      rows={d.orders ? steps.map(([m, n]) => [t(`analytics.metrics.${m}`), n, share(n)]) : []}
      display={steps.map(([m, n]) => [t(`analytics.metrics.${m}`), fmt.count(n), fmt.rate(share(n))])}
      {...stateOf(report)}
      chart={<StepsChart steps={steps.map(([m, n]) => [t(`analytics.metrics.${m}`), n])} />}
    />
  );
}

function RevenueChart({ query }: TViewProps) {
  const { t, fmt, rtl } = useView();
  const report = useAnalyticsReport(query);
  const days = filledDays(report.data);
  const has = days.some((d) => (d.metrics.delivered?.amount ?? 0) || (d.metrics.returned?.amount ?? 0));
  const amounts = (metric: 'delivered' | 'returned') => days.map((d) => (d.metrics[metric]?.amount ?? 0) / 100);
  return (
    <ChartCard
      title={t('analytics.charts.revenue_per_day')}
      name="revenue"
      columns={[t('analytics.columns.period'), t('analytics.kpi.revenue'), t('analytics.kpi.returnedValue')]}
      rows={
        has
          ? days.map((d) => [d.day, (d.metrics.delivered?.amount ?? 0) / 100, (d.metrics.returned?.amount ?? 0) / 100])
          : []
      }
      display={days.map((d) => [
        d.day,
        fmt.money(d.metrics.delivered?.amount ?? 0),
        fmt.money(d.metrics.returned?.amount ?? 0),
      ])}
      {...stateOf(report)}
      chart={
        <CategoryBarChart
          labels={days.map((d) => fmt.day(d.day))}
          rtl={rtl}
          valueAxis={{ width: 80, valueFormatter: (v) => fmt.count(v) }}
          series={(
            [
              ['delivered', 'revenue'],
              ['returned', 'returnedValue'],
            ] as const
          ).map(([metric, kpi]) => ({
            data: amounts(metric),
            label: t(`analytics.kpi.${kpi}`),
            color: SERIES_COLORS[metric],
            valueFormatter: (v: number | null) => fmt.money(v === null ? null : v * 100),
          }))}
          height={280}
        />
      }
    />
  );
}

// ---------------------------------------------------------------- daily

export function DailyView({ query, day, onDay }: TViewProps & { day: string; onDay: (day: string) => void }) {
  const { t, fmt, rtl } = useView();
  const byHour = useAnalyticsReport({
    ...query,
    date: 'custom',
    start: day,
    end: day,
    compare: false,
    breakdown: 'hour',
  });
  const rows = useHourRows(byHour.data);
  const has = rows.some((r) => r.d.orders || r.d.confirmed || r.d.delivered || r.d.returned || r.d.cancelled);
  const metrics = ['orders', 'confirmed', 'cancelled', 'delivered', 'returned'] as const;
  return (
    <>
      <TextField
        size="small"
        type="date"
        label={t('analytics.filters.day')}
        value={day}
        onChange={(e) => e.target.value && onDay(e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-filter': 'day' } }}
        sx={{ mb: 2 }}
      />
      <ChartCard
        title={t('analytics.charts.hour_by_hour')}
        name="daily"
        columns={[t('analytics.columns.hour'), ...metrics.map((m) => t(`analytics.kpi.${m}`))]}
        rows={has ? rows.map((r) => [r.hour, ...metrics.map((m) => r.d[m])]) : []}
        display={rows.map((r) => [`${r.hour}h`, ...metrics.map((m) => fmt.count(r.d[m]))])}
        {...stateOf(byHour)}
        height={320}
        chart={
          <CategoryBarChart
            labels={rows.map((r) => `${r.hour}h`)}
            rtl={rtl}
            series={metrics.map((m) => ({
              data: rows.map((r) => r.d[m]),
              label: t(`analytics.kpi.${m}`),
              color: SERIES_COLORS[m === 'orders' ? 'created' : m],
            }))}
            height={320}
          />
        }
      />
    </>
  );
}

export type { TColumn };
