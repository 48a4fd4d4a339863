import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  daysOf,
  type TAnalyticsDimension,
  type TAnalyticsMetric,
  type TAnalyticsReport,
  type TMetricTable,
} from '@cod/shared';
import { useAnalyticsReport, type TReportParams } from './analytics-api';
import { formatters, type TFormatters } from './analytics-format';
import { ChartCard, type TCell } from './chart-card';
import { derive, type TDerived } from './derived';
import { KpiCard } from './kpi-card';
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

const stateOf = (q: { isPending: boolean; isError: boolean; refetch: () => unknown }) => ({
  loading: q.isPending,
  error: q.isError,
  onRetry: () => void q.refetch(),
});

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
  const labels = buckets.map((b) => (bucket === 'day' ? fmt.day(b.key) : b.key));
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
        <LineChart
          xAxis={[{ scaleType: 'point', data: labels, reverse: rtl }]}
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

/** A breakdown (by agent, product, wilaya, ...) as a bar chart of one value, with the full table. */
function BreakdownCard({
  title,
  name,
  report,
  state,
  columns,
  chartColumn,
  sort,
  limit = 15,
  labelOf,
  horizontal = false,
}: {
  title: string;
  name: string;
  report: TAnalyticsReport | undefined;
  state: ReturnType<typeof stateOf>;
  columns: TColumn[];
  chartColumn: string;
  sort?: (a: TDerived, b: TDerived) => number;
  limit?: number;
  labelOf?: (row: TBreakdownRow) => string;
  horizontal?: boolean;
}) {
  const { t, rtl, language } = useView();
  const rows = useMemo(() => {
    const list = (report?.breakdown?.rows ?? []).map((row) => ({ row, d: derive(row.metrics) }));
    list.sort((a, b) => (sort ? sort(a.d, b.d) : b.d.orders - a.d.orders));
    return list;
  }, [report, sort]);
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
  const chartNode = horizontal ? (
    <BarChart
      layout="horizontal"
      yAxis={[{ scaleType: 'band', data: labels, position: rtl ? 'right' : 'left', width: 110 }]}
      xAxis={[{ reverse: rtl, valueFormatter: (v: number) => chart.show(v) }]}
      series={[{ data, label: chart.label, valueFormatter: (v: number | null) => chart.show(v) }]}
      height={Math.max(200, 28 * top.length + 60)}
      hideLegend
    />
  ) : (
    <BarChart
      xAxis={[{ scaleType: 'band', data: labels, reverse: rtl }]}
      yAxis={[{ position: rtl ? 'right' : 'left', valueFormatter: (v: number) => chart.show(v) }]}
      series={[{ data, label: chart.label, valueFormatter: (v: number | null) => chart.show(v) }]}
      height={280}
      hideLegend
    />
  );
  return (
    <ChartCard
      title={title}
      name={name}
      columns={[t('analytics.columns.name'), ...columns.map((c) => c.label)]}
      rows={rows.map((r) => [label(r.row), ...columns.map((c) => c.value(r.d, r.row))])}
      display={rows.map((r) => [label(r.row), ...columns.map((c) => c.show(c.value(r.d, r.row)))])}
      height={horizontal ? Math.max(200, 28 * top.length + 60) : 280}
      {...state}
      chart={chartNode}
    />
  );
}

function columnsOf(t: (k: string) => string, fmt: TFormatters, units: { h: string; d: string }) {
  const c = (id: keyof TDerived, kind: 'count' | 'rate' | 'money' | 'duration'): TColumn => ({
    id,
    label: t(`analytics.kpi.${id}`),
    value: (d) => d[id],
    show: (v) =>
      kind === 'count'
        ? fmt.count(v)
        : kind === 'rate'
          ? fmt.rate(v)
          : kind === 'money'
            ? fmt.money(v)
            : fmt.duration(v, units),
  });
  return {
    orders: c('orders', 'count'),
    confirmed: c('confirmed', 'count'),
    cancelled: c('cancelled', 'count'),
    delivered: c('delivered', 'count'),
    returned: c('returned', 'count'),
    confirmationRate: c('confirmationRate', 'rate'),
    deliveryRate: c('deliveryRate', 'rate'),
    returnRate: c('returnRate', 'rate'),
    cancellationRate: c('cancellationRate', 'rate'),
    confirmationDelayS: c('confirmationDelayS', 'duration'),
    deliveryTimeS: c('deliveryTimeS', 'duration'),
    revenue: c('revenue', 'money'),
    returnedValue: c('returnedValue', 'money'),
  };
}

function useBreakdown(query: TReportParams, breakdown: TAnalyticsDimension) {
  return useAnalyticsReport({ ...query, compare: false, breakdown });
}

// ---------------------------------------------------------------- overview

const KPIS: Array<{ id: keyof TDerived; kind: 'count' | 'rate' | 'money' | 'duration'; lowerIsBetter?: boolean }> = [
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
  const show = (kind: string, v: number | null) =>
    kind === 'count'
      ? fmt.count(v)
      : kind === 'rate'
        ? fmt.rate(v)
        : kind === 'money'
          ? fmt.money(v)
          : fmt.duration(v, units);
  return (
    <>
      {report.isError && <Alert severity="error">{t('analytics.load_failed')}</Alert>}
      <Grid container spacing={2} sx={{ mb: 2 }}>
        {KPIS.map((k) => (
          <Grid key={k.id} size={{ xs: 6, md: 3 }}>
            <KpiCard
              id={k.id}
              label={t(`analytics.kpi.${k.id}`)}
              value={current[k.id]}
              previous={previous ? previous[k.id] : undefined}
              text={report.isPending ? '…' : show(k.kind, current[k.id])}
              series={days.map((d) => d[k.id] ?? 0)}
              fmt={fmt}
              higherIsBetter={!k.lowerIsBetter}
              rtl={rtl}
            />
          </Grid>
        ))}
      </Grid>
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

// ---------------------------------------------------------------- orders

export function OrdersView({ query }: TViewProps) {
  const { t, fmt, units } = useView();
  const [bucket, setBucket] = useState<'day' | 'week' | 'month'>('day');
  const report = useAnalyticsReport({ ...query, compare: false });
  const bySource = useBreakdown(query, 'source');
  const byCampaign = useBreakdown(query, 'campaign');
  const c = columnsOf(t, fmt, units);
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <TextField
          select
          size="small"
          label={t('analytics.bucket.label')}
          value={bucket}
          onChange={(e) => setBucket(e.target.value as typeof bucket)}
          sx={{ mb: 1, minWidth: 140 }}
        >
          {(['day', 'week', 'month'] as const).map((b) => (
            <MenuItem key={b} value={b}>
              {t(`analytics.bucket.${b}`)}
            </MenuItem>
          ))}
        </TextField>
        <SeriesCard
          title={t('analytics.charts.orders_by_status')}
          name="orders"
          report={report.data}
          state={stateOf(report)}
          metrics={['created', 'confirmed', 'cancelled', 'dispatched', 'delivered', 'returned']}
          bucket={bucket}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <BreakdownCard
          title={t('analytics.charts.by_source')}
          name="by_source"
          report={bySource.data}
          state={stateOf(bySource)}
          columns={[c.orders, c.confirmed, c.delivered, c.confirmationRate, c.deliveryRate]}
          chartColumn="orders"
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <BreakdownCard
          title={t('analytics.charts.by_campaign')}
          name="by_campaign"
          report={byCampaign.data}
          state={stateOf(byCampaign)}
          columns={[c.orders, c.confirmed, c.delivered, c.confirmationRate, c.deliveryRate]}
          chartColumn="orders"
        />
      </Grid>
    </Grid>
  );
}

// ---------------------------------------------------------------- confirmation

export function ConfirmationView({ query }: TViewProps) {
  const { t, fmt, units, rtl } = useView();
  const report = useAnalyticsReport({ ...query, compare: false });
  const byAgent = useBreakdown(query, 'agent');
  const byProduct = useBreakdown(query, 'product');
  const byHour = useBreakdown(query, 'hour');
  const c = columnsOf(t, fmt, units);
  const d = derive(report.data?.totals);
  const funnel: Array<[string, number]> = [
    [t('analytics.metrics.created'), d.orders],
    [t('analytics.metrics.called'), d.called],
    [t('analytics.metrics.confirmed'), d.confirmed],
  ];
  const hourRows = useMemo(() => {
    const map = new Map((byHour.data?.breakdown?.rows ?? []).map((r) => [r.key, r]));
    return Array.from({ length: 24 }, (_, h) => ({ hour: h, d: derive(map.get(String(h))?.metrics) }));
  }, [byHour.data]);
  const hasHours = hourRows.some((r) => r.d.confirmed > 0 || r.d.orders > 0);
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 5 }}>
        <ChartCard
          title={t('analytics.charts.funnel')}
          subtitle={`${t('analytics.kpi.confirmationRate')}: ${fmt.rate(d.confirmationRate)} · ${t('analytics.kpi.confirmationDelayS')}: ${fmt.duration(d.confirmationDelayS, units)}`}
          name="funnel"
          columns={[t('analytics.columns.step'), t('analytics.columns.count')]}
          rows={d.orders ? funnel.map(([a, b]) => [a, b]) : []}
          {...stateOf(report)}
          chart={
            <BarChart
              layout="horizontal"
              yAxis={[
                { scaleType: 'band', data: funnel.map((f) => f[0]), position: rtl ? 'right' : 'left', width: 100 },
              ]}
              xAxis={[{ reverse: rtl }]}
              series={[{ data: funnel.map((f) => f[1]), valueFormatter: (v: number | null) => fmt.count(v) }]}
              height={280}
              hideLegend
            />
          }
        />
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <ChartCard
          title={t('analytics.charts.by_hour')}
          name="confirmation_by_hour"
          columns={[t('analytics.columns.hour'), t('analytics.metrics.created'), t('analytics.metrics.confirmed')]}
          rows={hasHours ? hourRows.map((r) => [r.hour, r.d.orders, r.d.confirmed]) : []}
          {...stateOf(byHour)}
          chart={
            <BarChart
              xAxis={[{ scaleType: 'band', data: hourRows.map((r) => `${r.hour}h`), reverse: rtl }]}
              yAxis={[{ position: rtl ? 'right' : 'left' }]}
              series={[
                {
                  data: hourRows.map((r) => r.d.orders),
                  label: t('analytics.metrics.created'),
                  color: SERIES_COLORS.created,
                },
                {
                  data: hourRows.map((r) => r.d.confirmed),
                  label: t('analytics.metrics.confirmed'),
                  color: SERIES_COLORS.confirmed,
                },
              ]}
              height={280}
            />
          }
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <BreakdownCard
          title={t('analytics.charts.by_agent')}
          name="confirmation_by_agent"
          report={byAgent.data}
          state={stateOf(byAgent)}
          columns={[c.orders, c.confirmed, c.confirmationRate, c.confirmationDelayS]}
          chartColumn="confirmationRate"
          horizontal
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <BreakdownCard
          title={t('analytics.charts.by_product')}
          name="confirmation_by_product"
          report={byProduct.data}
          state={stateOf(byProduct)}
          columns={[c.orders, c.confirmed, c.confirmationRate, c.confirmationDelayS]}
          chartColumn="confirmationRate"
          horizontal
        />
      </Grid>
    </Grid>
  );
}

// ---------------------------------------------------------------- delivered / returns

export function OutcomeView({ query, kind }: TViewProps & { kind: 'delivered' | 'returns' }) {
  const { t, fmt, units } = useView();
  const byWilaya = useBreakdown(query, 'wilaya');
  const byCarrier = useBreakdown(query, 'carrier');
  const byProduct = useBreakdown(query, 'product');
  const report = useAnalyticsReport({ ...query, compare: false });
  const c = columnsOf(t, fmt, units);
  const rateColumn = kind === 'delivered' ? c.deliveryRate : c.returnRate;
  const cols = [c.delivered, c.returned, rateColumn, kind === 'delivered' ? c.deliveryTimeS : c.returnedValue];
  const byRate = (a: TDerived, b: TDerived) =>
    kind === 'delivered'
      ? (b.deliveryRate ?? -1) - (a.deliveryRate ?? -1)
      : (b.returnRate ?? -1) - (a.returnRate ?? -1);
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <SeriesCard
          title={t(kind === 'delivered' ? 'analytics.charts.delivered_per_day' : 'analytics.charts.returned_per_day')}
          name={`${kind}_per_day`}
          report={report.data}
          state={stateOf(report)}
          metrics={['delivered', 'returned']}
        />
      </Grid>
      <Grid size={12}>
        <WilayaGrid
          title={t('analytics.charts.by_wilaya')}
          name={`${kind}_by_wilaya`}
          report={byWilaya.data}
          state={stateOf(byWilaya)}
          kind={kind}
          columns={cols}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <BreakdownCard
          title={t('analytics.charts.by_carrier')}
          name={`${kind}_by_carrier`}
          report={byCarrier.data}
          state={stateOf(byCarrier)}
          columns={cols}
          chartColumn={rateColumn.id}
          sort={byRate}
          horizontal
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <BreakdownCard
          title={t('analytics.charts.by_product')}
          name={`${kind}_by_product`}
          report={byProduct.data}
          state={stateOf(byProduct)}
          columns={cols}
          chartColumn={rateColumn.id}
          sort={byRate}
          horizontal
        />
      </Grid>
    </Grid>
  );
}

// ---------------------------------------------------------------- canceled

export function CanceledView({ query }: TViewProps) {
  const { t, fmt, units } = useView();
  const report = useAnalyticsReport({ ...query, compare: false });
  const byAgent = useBreakdown(query, 'agent');
  const bySource = useBreakdown(query, 'source');
  const c = columnsOf(t, fmt, units);
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <SeriesCard
          title={t('analytics.charts.cancelled_per_day')}
          name="cancelled_per_day"
          report={report.data}
          state={stateOf(report)}
          metrics={['cancelled']}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <BreakdownCard
          title={t('analytics.charts.by_agent')}
          name="cancelled_by_agent"
          report={byAgent.data}
          state={stateOf(byAgent)}
          columns={[c.orders, c.cancelled, c.cancellationRate]}
          chartColumn="cancelled"
          horizontal
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <BreakdownCard
          title={t('analytics.charts.by_source')}
          name="cancelled_by_source"
          report={bySource.data}
          state={stateOf(bySource)}
          columns={[c.orders, c.cancelled, c.cancellationRate]}
          chartColumn="cancelled"
          horizontal
        />
      </Grid>
      <Grid size={12}>
        <Alert severity="info">{t('analytics.notes.cancel_reasons')}</Alert>
      </Grid>
    </Grid>
  );
}

// ---------------------------------------------------------------- agents

export function AgentsView({ query }: TViewProps) {
  const { t, fmt, units } = useView();
  const byAgent = useBreakdown(query, 'agent');
  const c = columnsOf(t, fmt, units);
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <BreakdownCard
          title={t('analytics.charts.leaderboard')}
          name="agents"
          report={byAgent.data}
          state={stateOf(byAgent)}
          columns={[
            c.orders,
            c.confirmed,
            c.delivered,
            c.confirmationRate,
            c.deliveryRate,
            c.confirmationDelayS,
            c.revenue,
          ]}
          chartColumn="confirmed"
          sort={(a, b) => b.confirmed - a.confirmed || b.delivered - a.delivered}
          horizontal
        />
      </Grid>
      <Grid size={12}>
        <Alert severity="info">{t('analytics.notes.commission')}</Alert>
      </Grid>
    </Grid>
  );
}

// ---------------------------------------------------------------- flow

export function FlowView({ query }: TViewProps) {
  const { t, fmt, units } = useView();
  const report = useAnalyticsReport({ ...query, compare: false });
  const bySource = useBreakdown(query, 'source');
  const d = derive(report.data?.totals);
  const c = columnsOf(t, fmt, units);
  const steps: Array<[TAnalyticsMetric, number]> = [
    ['created', d.orders],
    ['called', d.called],
    ['confirmed', d.confirmed],
    ['dispatched', d.dispatched],
    ['delivered', d.delivered],
    ['returned', d.returned],
    ['cancelled', d.cancelled],
  ];
  const rtl = useView().rtl;
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <ChartCard
          title={t('analytics.charts.flow')}
          name="flow"
          columns={[t('analytics.columns.step'), t('analytics.columns.count'), t('analytics.columns.share')]}
          rows={d.orders ? steps.map(([m, n]) => [t(`analytics.metrics.${m}`), n, d.orders ? n / d.orders : null]) : []}
          display={steps.map(([m, n]) => [
            t(`analytics.metrics.${m}`),
            fmt.count(n),
            fmt.rate(d.orders ? n / d.orders : null),
          ])}
          {...stateOf(report)}
          chart={
            <BarChart
              layout="horizontal"
              yAxis={[
                {
                  scaleType: 'band',
                  data: steps.map(([m]) => t(`analytics.metrics.${m}`)),
                  position: rtl ? 'right' : 'left',
                  width: 100,
                },
              ]}
              xAxis={[{ reverse: rtl }]}
              series={[{ data: steps.map(([, n]) => n), valueFormatter: (v: number | null) => fmt.count(v) }]}
              height={280}
              hideLegend
            />
          }
        />
      </Grid>
      <Grid size={12}>
        <BreakdownCard
          title={t('analytics.charts.flow_by_source')}
          name="flow_by_source"
          report={bySource.data}
          state={stateOf(bySource)}
          columns={[c.orders, c.confirmed, c.delivered, c.returned, c.cancelled]}
          chartColumn="delivered"
        />
      </Grid>
    </Grid>
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
  const rows = useMemo(() => {
    const map = new Map((byHour.data?.breakdown?.rows ?? []).map((r) => [r.key, r]));
    return Array.from({ length: 24 }, (_, h) => ({ hour: h, d: derive(map.get(String(h))?.metrics) }));
  }, [byHour.data]);
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
          <BarChart
            xAxis={[{ scaleType: 'band', data: rows.map((r) => `${r.hour}h`), reverse: rtl }]}
            yAxis={[{ position: rtl ? 'right' : 'left' }]}
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

// ---------------------------------------------------------------- accounting

export function AccountingView({ query }: TViewProps) {
  const { t, fmt, units, rtl } = useView();
  const report = useAnalyticsReport(query);
  const byProduct = useBreakdown(query, 'product');
  const byCampaign = useBreakdown(query, 'campaign');
  const c = columnsOf(t, fmt, units);
  const days = filledDays(report.data);
  const has = days.some((d) => (d.metrics.delivered?.amount ?? 0) || (d.metrics.returned?.amount ?? 0));
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <Alert severity="info">{t('analytics.notes.accounting')}</Alert>
      </Grid>
      <Grid size={12}>
        <ChartCard
          title={t('analytics.charts.revenue_per_day')}
          name="revenue"
          columns={[t('analytics.columns.period'), t('analytics.kpi.revenue'), t('analytics.kpi.returnedValue')]}
          rows={
            has
              ? days.map((d) => [
                  d.day,
                  (d.metrics.delivered?.amount ?? 0) / 100,
                  (d.metrics.returned?.amount ?? 0) / 100,
                ])
              : []
          }
          display={days.map((d) => [
            d.day,
            fmt.money(d.metrics.delivered?.amount ?? 0),
            fmt.money(d.metrics.returned?.amount ?? 0),
          ])}
          {...stateOf(report)}
          chart={
            <BarChart
              xAxis={[{ scaleType: 'band', data: days.map((d) => fmt.day(d.day)), reverse: rtl }]}
              yAxis={[{ position: rtl ? 'right' : 'left', width: 80, valueFormatter: (v: number) => fmt.count(v) }]}
              series={[
                {
                  data: days.map((d) => (d.metrics.delivered?.amount ?? 0) / 100),
                  label: t('analytics.kpi.revenue'),
                  color: SERIES_COLORS.delivered,
                  valueFormatter: (v: number | null) => fmt.money(v === null ? null : v * 100),
                },
                {
                  data: days.map((d) => (d.metrics.returned?.amount ?? 0) / 100),
                  label: t('analytics.kpi.returnedValue'),
                  color: SERIES_COLORS.returned,
                  valueFormatter: (v: number | null) => fmt.money(v === null ? null : v * 100),
                },
              ]}
              height={280}
            />
          }
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <BreakdownCard
          title={t('analytics.charts.revenue_by_product')}
          name="revenue_by_product"
          report={byProduct.data}
          state={stateOf(byProduct)}
          columns={[c.delivered, c.revenue, c.returnedValue, c.deliveryRate]}
          chartColumn="revenue"
          sort={(a, b) => b.revenue - a.revenue}
          horizontal
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <BreakdownCard
          title={t('analytics.charts.revenue_by_campaign')}
          name="revenue_by_campaign"
          report={byCampaign.data}
          state={stateOf(byCampaign)}
          columns={[c.delivered, c.revenue, c.returnedValue, c.deliveryRate]}
          chartColumn="revenue"
          sort={(a, b) => b.revenue - a.revenue}
          horizontal
        />
      </Grid>
    </Grid>
  );
}

export type { TColumn };
