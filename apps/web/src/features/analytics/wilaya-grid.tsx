import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAnalyticsReport } from '@cod/shared';
import { useStatesQuery } from '../orders/orders-api';
import { formatters } from './analytics-format';
import { ChartCard } from './chart-card';
import { derive } from './derived';
import type { TColumn } from './analytics-views';

/**
 * Algeria's 58 wilayas (the shared geography, GET /dashboard/states) as a grid of tiles coloured
 * by the delivery or return rate: readable on a phone, in both directions (docs/decisions/0079).
 */
export function WilayaGrid({
  title,
  name,
  report,
  state,
  kind,
  columns,
}: {
  title: string;
  name: string;
  report: TAnalyticsReport | undefined;
  state: { loading: boolean; error: boolean; onRetry: () => void };
  kind: 'delivered' | 'returns';
  columns: TColumn[];
}) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const fmt = useMemo(() => formatters(i18n.language), [i18n.language]);
  const states = useStatesQuery();
  const byKey = useMemo(
    () => new Map((report?.breakdown?.rows ?? []).map((r) => [r.key, { row: r, d: derive(r.metrics) }])),
    [report],
  );
  const wilayas = (states.data?.data ?? []).filter((s) => s.id >= 1 && s.id <= 58).sort((a, b) => a.id - b.id);
  const nameOf = (s: { name: string; name_ar: string }) => (i18n.language === 'ar' ? s.name_ar : s.name);
  const good = kind === 'delivered' ? theme.palette.success.main : theme.palette.error.main;
  const rows = wilayas
    .map((s) => ({ s, e: byKey.get(String(s.id)) }))
    .filter((x) => x.e)
    .map(({ s, e }) => ({ label: `${s.code} ${nameOf(s)}`, d: e!.d, row: e!.row }));

  const grid = (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(4, 1fr)', sm: 'repeat(8, 1fr)', md: 'repeat(10, 1fr)' },
        gap: 0.5,
        direction: theme.direction,
      }}
      role="list"
      aria-label={title}
    >
      {wilayas.map((s) => {
        const entry = byKey.get(String(s.id));
        const rate = entry ? (kind === 'delivered' ? entry.d.deliveryRate : entry.d.returnRate) : null;
        return (
          <Tooltip
            key={s.id}
            title={`${nameOf(s)} · ${fmt.rate(rate)} · ${fmt.count(entry?.d.delivered ?? 0)} / ${fmt.count(entry?.d.returned ?? 0)}`}
          >
            <Box
              role="listitem"
              data-wilaya={s.id}
              sx={{
                p: 0.5,
                minHeight: 44,
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
                bgcolor: rate === null ? 'action.hover' : alpha(good, 0.15 + 0.75 * rate),
                color: rate !== null && rate > 0.6 ? 'common.white' : 'text.primary',
                overflow: 'hidden',
              }}
            >
              <Typography variant="caption" sx={{ display: 'block', fontWeight: 700, lineHeight: 1.1 }}>
                {s.code} <bdi>{fmt.rate(rate)}</bdi>
              </Typography>
              <Typography variant="caption" noWrap sx={{ display: 'block', fontSize: 10, lineHeight: 1.2 }}>
                {nameOf(s)}
              </Typography>
            </Box>
          </Tooltip>
        );
      })}
    </Box>
  );
  return (
    <ChartCard
      title={title}
      subtitle={t(kind === 'delivered' ? 'analytics.map_legend_delivered' : 'analytics.map_legend_returns')}
      name={name}
      columns={[t('analytics.columns.wilaya'), ...columns.map((c) => c.label)]}
      rows={rows.map((r) => [r.label, ...columns.map((c) => c.value(r.d, r.row))])}
      display={rows.map((r) => [r.label, ...columns.map((c) => c.show(c.value(r.d, r.row)))])}
      height={360}
      loading={state.loading || states.isPending}
      error={state.error}
      onRetry={state.onRetry}
      chart={<Box sx={{ height: 360, overflowY: 'auto' }}>{grid}</Box>}
    />
  );
}
