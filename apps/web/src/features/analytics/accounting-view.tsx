import { useTheme } from '@mui/material/styles';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  daysOf,
  ZERO_ACCOUNTING,
  accountingLine,
  type TAccountingLine,
  type TAccountingReport,
  type TAccountingRow,
  type TAgentCommissionsReport,
} from '@cod/shared';
import { api, queryString } from '../../lib/api-client';
import type { TReportParams } from './analytics-api';
import { formatters, numberLocale } from './analytics-format';
import { CategoryBarChart, HorizontalBars } from './bar-charts';
import { ChartCard, stateOf, type TCell } from './chart-card';
import { compactMoney } from './chart-axes';
import { KpiGrid } from './kpi-card';

/**
 * The accounting view (issue 14.2, docs/decisions/0116) and the agents' commission (decision
 * 0117): money from GET /dashboard/analytics/accounting and /commissions.
 */
type TParams = Omit<TReportParams, 'breakdown'>;

function search(params: TParams) {
  return queryString({ ...params, compare: params.compare === false ? 'false' : undefined });
}

export function useAccountingReport(params: TParams) {
  const query = search(params);
  return useQuery({
    queryKey: ['analytics', 'accounting', query],
    queryFn: ({ signal }) => api.get<TAccountingReport>(`/dashboard/analytics/accounting${query}`, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useAgentCommissions(params: TParams) {
  const query = search({ ...params, compare: false });
  return useQuery({
    queryKey: ['analytics', 'commissions', query],
    queryFn: ({ signal }) => api.get<TAgentCommissionsReport>(`/dashboard/analytics/commissions${query}`, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

type TMoneyKey =
  | 'revenue_centimes'
  | 'product_cost_centimes'
  | 'ad_spend_centimes'
  | 'carrier_fee_centimes'
  | 'return_fee_centimes'
  | 'commission_centimes'
  | 'profit_centimes'
  | 'costs_centimes'
  | 'cost_per_delivered_centimes';

/** The KPIs, in the order a seller reads a P&L; the label key is analytics.accounting.<id>. */
const KPIS: Array<{ id: string; key: TMoneyKey | 'roas'; lowerIsBetter?: boolean }> = [
  { id: 'revenue', key: 'revenue_centimes' },
  { id: 'product_cost', key: 'product_cost_centimes', lowerIsBetter: true },
  { id: 'ad_spend', key: 'ad_spend_centimes', lowerIsBetter: true },
  { id: 'carrier_fee', key: 'carrier_fee_centimes', lowerIsBetter: true },
  { id: 'return_fee', key: 'return_fee_centimes', lowerIsBetter: true },
  { id: 'commission', key: 'commission_centimes', lowerIsBetter: true },
  { id: 'profit', key: 'profit_centimes' },
  { id: 'cost_per_delivered', key: 'cost_per_delivered_centimes', lowerIsBetter: true },
  { id: 'roas', key: 'roas' },
];

/** The table's columns of a line (a day, a product, a campaign). */
const LINE_COLUMNS: Array<{
  id: string;
  value: (l: TAccountingLine) => number | null;
  kind: 'money' | 'count' | 'ratio';
}> = [
  { id: 'delivered', value: (l) => l.delivered_n, kind: 'count' },
  { id: 'returned', value: (l) => l.returned_n, kind: 'count' },
  { id: 'revenue', value: (l) => l.revenue_centimes, kind: 'money' },
  { id: 'product_cost', value: (l) => l.product_cost_centimes, kind: 'money' },
  { id: 'ad_spend', value: (l) => l.ad_spend_centimes, kind: 'money' },
  { id: 'carrier_fee', value: (l) => l.carrier_fee_centimes, kind: 'money' },
  { id: 'return_fee', value: (l) => l.return_fee_centimes, kind: 'money' },
  { id: 'commission', value: (l) => l.commission_centimes, kind: 'money' },
  { id: 'profit', value: (l) => l.profit_centimes, kind: 'money' },
  { id: 'cost_per_delivered', value: (l) => l.cost_per_delivered_centimes, kind: 'money' },
  { id: 'roas', value: (l) => l.roas, kind: 'ratio' },
];

function useMoney() {
  const { t, i18n } = useTranslation();
  const rtl = useTheme().direction === 'rtl';
  const fmt = useMemo(() => formatters(i18n.language), [i18n.language]);
  const ratio = useMemo(
    () => new Intl.NumberFormat(numberLocale(i18n.language), { maximumFractionDigits: 2 }),
    [i18n.language],
  );
  const axisMoney = useMemo(() => compactMoney(numberLocale(i18n.language)), [i18n.language]);
  const show = (kind: 'money' | 'count' | 'ratio', v: number | null) =>
    kind === 'money' ? fmt.money(v) : kind === 'count' ? fmt.count(v) : v === null ? '—' : `${ratio.format(v)}×`;
  /** Raw export values: amounts in dinars (as the other exports), counts and ratios as they are. */
  const raw = (kind: 'money' | 'count' | 'ratio', v: number | null): TCell =>
    v === null ? null : kind === 'money' ? v / 100 : v;
  /** The bars carry dinars; their axis and tooltips show them as the amounts they are. */
  const axisDinars = (v: number) => axisMoney(Math.round(v * 100));
  const barMoney = (v: number | null) => fmt.money(v === null ? null : Math.round(v * 100));
  return { t, fmt, rtl, show, raw, axisDinars, barMoney };
}

/** Every day of the period (days without money are zeros). */
function filledDays(report: TAccountingReport | undefined) {
  if (!report) return [];
  const byDay = new Map(report.days.map((d) => [d.day, d]));
  return daysOf(report.period).map((day) => byDay.get(day) ?? { day, ...accountingLine(ZERO_ACCOUNTING) });
}

export function AccountingKpis({ query }: { query: TParams }) {
  const { t, fmt, rtl, show } = useMoney();
  const report = useAccountingReport(query);
  const data = report.data;
  const days = filledDays(data);
  const kpis = KPIS.map((k) => {
    const value = data ? data.totals[k.key] : null;
    return {
      id: `accounting-${k.id}`,
      label: t(`analytics.accounting.${k.id}`),
      value,
      previous: data?.previousTotals ? data.previousTotals[k.key] : undefined,
      text: report.isPending ? '…' : show(k.key === 'roas' ? 'ratio' : 'money', value),
      series: days.map((d) => d[k.key] ?? 0),
      higherIsBetter: !k.lowerIsBetter,
    };
  });
  return <KpiGrid kpis={kpis} size={{ xs: 6, md: 4, lg: 3 }} fmt={fmt} rtl={rtl} />;
}

export function AccountingPerDay({ query }: { query: TParams }) {
  const { t, fmt, rtl, show, raw, axisDinars, barMoney } = useMoney();
  const report = useAccountingReport({ ...query, compare: false });
  const days = filledDays(report.data);
  const has = days.some((d) => d.revenue_centimes || d.costs_centimes);
  const series = [
    { key: 'revenue_centimes', label: 'revenue', color: '#28c76f' },
    { key: 'costs_centimes', label: 'costs', color: '#ff9f43' },
    { key: 'profit_centimes', label: 'profit', color: '#7367f0' },
  ] as const;
  return (
    <ChartCard
      title={t('analytics.accounting.per_day')}
      name="accounting_per_day"
      columns={[t('analytics.columns.period'), ...LINE_COLUMNS.map((c) => t(`analytics.accounting.${c.id}`))]}
      rows={has ? days.map((d) => [d.day, ...LINE_COLUMNS.map((c) => raw(c.kind, c.value(d)))]) : []}
      display={days.map((d) => [d.day, ...LINE_COLUMNS.map((c) => show(c.kind, c.value(d)))])}
      {...stateOf(report)}
      height={300}
      chart={
        <CategoryBarChart
          labels={days.map((d) => fmt.day(d.day))}
          rtl={rtl}
          valueAxis={{ width: 80, valueFormatter: axisDinars }}
          series={series.map((s) => ({
            data: days.map((d) => d[s.key] / 100),
            label: t(`analytics.accounting.${s.label}`),
            color: s.color,
            valueFormatter: barMoney,
          }))}
          height={300}
        />
      }
    />
  );
}

/** Profit by product or by campaign: a horizontal bar per row, with the whole table. */
export function AccountingBreakdown({ query, by }: { query: TParams; by: 'product' | 'campaign' }) {
  const { t, show, raw, rtl, axisDinars, barMoney } = useMoney();
  const report = useAccountingReport({ ...query, compare: false });
  const list: TAccountingRow[] = (by === 'product' ? report.data?.byProduct : report.data?.byCampaign) ?? [];
  const label = (row: TAccountingRow) =>
    row.key === '-' ? (by === 'product' ? t('analytics.accounting.unattributed') : t('analytics.none')) : row.label;
  const top = list.slice(0, 15);
  const height = Math.max(200, 28 * top.length + 70);
  return (
    <ChartCard
      title={t(`analytics.accounting.by_${by}`)}
      name={`accounting_by_${by}`}
      columns={[t('analytics.columns.name'), ...LINE_COLUMNS.map((c) => t(`analytics.accounting.${c.id}`))]}
      rows={list.map((r) => [label(r), ...LINE_COLUMNS.map((c) => raw(c.kind, c.value(r)))])}
      display={list.map((r) => [label(r), ...LINE_COLUMNS.map((c) => show(c.kind, c.value(r)))])}
      {...stateOf(report)}
      height={height}
      chart={
        <HorizontalBars
          labels={top.map(label)}
          labelWidth={120}
          rtl={rtl}
          axisFormat={axisDinars}
          series={{
            data: top.map((r) => r.profit_centimes / 100),
            label: t('analytics.accounting.profit'),
            valueFormatter: barMoney,
          }}
          height={height}
        />
      }
    />
  );
}

export const AccountingByProduct = ({ query }: { query: TParams }) => (
  <AccountingBreakdown query={query} by="product" />
);
export const AccountingByCampaign = ({ query }: { query: TParams }) => (
  <AccountingBreakdown query={query} by="campaign" />
);

/** Commission earned per agent in the period (the ledger, net of reversals), as a leaderboard. */
export function AgentCommissions({ query }: { query: TParams }) {
  const { t, fmt, rtl, axisDinars, barMoney } = useMoney();
  const report = useAgentCommissions(query);
  const rows = report.data?.rows ?? [];
  const height = Math.max(200, 28 * Math.min(rows.length, 15) + 70);
  return (
    <ChartCard
      title={t('analytics.accounting.commissions')}
      name="agent_commissions"
      columns={[
        t('analytics.columns.name'),
        t('analytics.accounting.orders'),
        t('analytics.accounting.earned'),
        t('analytics.accounting.reversed'),
        t('analytics.accounting.net'),
      ]}
      rows={rows.map((r) => [
        r.name,
        r.orders,
        r.earned_centimes / 100,
        r.reversed_centimes / 100,
        r.net_centimes / 100,
      ])}
      display={rows.map((r) => [
        r.name,
        fmt.count(r.orders),
        fmt.money(r.earned_centimes),
        fmt.money(r.reversed_centimes),
        fmt.money(r.net_centimes),
      ])}
      {...stateOf(report)}
      height={height}
      chart={
        <HorizontalBars
          labels={rows.slice(0, 15).map((r) => r.name)}
          labelWidth={120}
          rtl={rtl}
          axisFormat={axisDinars}
          series={{
            data: rows.slice(0, 15).map((r) => r.net_centimes / 100),
            label: t('analytics.accounting.net'),
            color: '#28c76f',
            valueFormatter: barMoney,
          }}
          height={height}
        />
      }
    />
  );
}
