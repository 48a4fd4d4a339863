import Card from '@mui/material/Card';
import Grid, { type GridProps } from '@mui/material/Grid';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SparkLineChart } from '@mui/x-charts/SparkLineChart';
import { periodDelta } from '@cod/shared';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFormatters } from './analytics-format';

/** A KPI with its sparkline and the change against the previous period. */
export function KpiCard({
  id,
  label,
  value,
  previous,
  text,
  series,
  fmt,
  higherIsBetter = true,
  rtl,
}: {
  id: string;
  label: string;
  value: number | null;
  previous: number | null | undefined;
  text: string;
  series: number[];
  fmt: TFormatters;
  higherIsBetter?: boolean;
  rtl: boolean;
}) {
  const { t } = useTranslation();
  const delta = previous === undefined ? null : periodDelta(value, previous);
  const good = delta === null || delta === 0 ? null : delta > 0 === higherIsBetter;
  return (
    <Card variant="outlined" data-kpi={id} sx={{ height: '100%' }}>
      <CardContent sx={{ pb: '12px !important' }}>
        <Typography variant="body2" color="text.secondary" noWrap>
          {label}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1 }}>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-kpi-value>
            <bdi>{text}</bdi>
          </Typography>
          {delta !== null && (
            <Typography
              variant="caption"
              sx={{ color: good === null ? 'text.secondary' : good ? 'success.main' : 'error.main', fontWeight: 600 }}
              title={t('analytics.vs_previous')}
            >
              <bdi>{fmt.delta(delta)}</bdi>
            </Typography>
          )}
        </Stack>
        <div style={{ height: 40, direction: 'ltr', transform: rtl ? 'scaleX(-1)' : undefined }}>
          {series.length > 1 && <SparkLineChart data={series} height={40} area curve="natural" />}
        </div>
      </CardContent>
    </Card>
  );
}

/** One KPI of a grid: what its card shows, the formatters and the direction being the grid's. */
export type TKpi = Omit<ComponentProps<typeof KpiCard>, 'fmt' | 'rtl'>;

/** The KPI cards of a view (the overview's, the accounting's), `size` columns per breakpoint. */
export function KpiGrid({
  kpis,
  size,
  fmt,
  rtl,
  sx,
}: {
  kpis: TKpi[];
  size: GridProps['size'];
  fmt: TFormatters;
  rtl: boolean;
  sx?: GridProps['sx'];
}) {
  return (
    <Grid container spacing={2} sx={sx}>
      {kpis.map((kpi) => (
        <Grid key={kpi.id} size={size}>
          <KpiCard {...kpi} fmt={fmt} rtl={rtl} />
        </Grid>
      ))}
    </Grid>
  );
}
