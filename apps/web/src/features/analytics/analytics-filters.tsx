import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ANALYTICS_DATE_FILTERS, type TAnalyticsFilter } from '@cod/shared';
import { useAgentsQuery, useShippingCompaniesQuery, useStatesQuery } from '../orders/orders-api';
import { SelectField, type TSelectOption } from '../../components/forms/select-field';
import { useAnalyticsReport } from './analytics-api';
import type { useAnalyticsFilters } from './use-analytics-filters';

type TFilters = ReturnType<typeof useAnalyticsFilters>;

/** One filter: a small select marked with data-filter; "any" comes first unless the filter always holds a value. */
function Select({
  name,
  label,
  value,
  options,
  onChange,
  withAny = true,
  minWidth = 150,
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: TSelectOption[];
  onChange: (value: string) => void;
  withAny?: boolean;
  minWidth?: number;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth }}
      slotProps={{ htmlInput: { 'data-filter': name } }}
      options={options}
    >
      {withAny && <MenuItem value="">{t('analytics.filters.any')}</MenuItem>}
    </SelectField>
  );
}

/** Date range (SPEC 2.4 options, the last 30/90 days, custom), the six filters and the comparison. */
export function AnalyticsFilters({ filters, showAgent = true }: { filters: TFilters; showAgent?: boolean }) {
  const { t, i18n } = useTranslation();
  const { values, update, clear, active } = filters;
  const agents = useAgentsQuery();
  const states = useStatesQuery();
  const carriers = useShippingCompaniesQuery();
  // Products, sources and campaigns with activity in the period (the keys the rollups hold).
  const base = { date: values.date, start: values.start, end: values.end, compare: false } as const;
  const products = useAnalyticsReport({ ...base, breakdown: 'product' });
  const sources = useAnalyticsReport({ ...base, breakdown: 'source' });
  const campaigns = useAnalyticsReport({ ...base, breakdown: 'campaign' });
  const keysOf = (report: typeof products) =>
    (report.data?.breakdown?.rows ?? []).filter((r) => r.key !== '-').map((r) => ({ value: r.key, label: r.label }));
  const set = (kind: TAnalyticsFilter) => (value: string) => update({ [kind]: value });

  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
      <Select
        name="date"
        label={t('analytics.filters.date')}
        value={values.date}
        onChange={(date) => update({ date })}
        options={ANALYTICS_DATE_FILTERS.map((option) => ({ value: option, label: t(`analytics.dates.${option}`) }))}
        withAny={false}
        minWidth={170}
      />
      {values.date === 'custom' && (
        <>
          {(['start', 'end'] as const).map((edge) => (
            <TextField
              key={edge}
              size="small"
              type="date"
              label={t(`analytics.filters.${edge}`)}
              value={values[edge] ?? ''}
              onChange={(event) => update({ [edge]: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ))}
        </>
      )}
      {showAgent && (
        <Select
          name="agent"
          label={t('analytics.filters.agent')}
          value={values.agent}
          onChange={set('agent')}
          options={[
            { value: '0', label: t('analytics.unassigned') },
            ...(agents.data?.data ?? []).map((a) => ({ value: String(a.id), label: a.name })),
          ]}
        />
      )}
      {(
        [
          ['product', products],
          ['source', sources],
          ['campaign', campaigns],
        ] as const
      ).map(([kind, report]) => (
        <Select
          key={kind}
          name={kind}
          label={t(`analytics.filters.${kind}`)}
          value={values[kind]}
          onChange={set(kind)}
          options={keysOf(report)}
        />
      ))}
      <Select
        name="wilaya"
        label={t('analytics.filters.wilaya')}
        value={values.wilaya}
        onChange={set('wilaya')}
        options={(states.data?.data ?? []).map((s) => ({
          value: String(s.id),
          label: `${s.code} ${i18n.language === 'ar' ? s.name_ar : s.name}`,
        }))}
      />
      <Select
        name="carrier"
        label={t('analytics.filters.carrier')}
        value={values.carrier}
        onChange={set('carrier')}
        options={(carriers.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
      />
      <FormControlLabel
        control={<Switch checked={values.compare} onChange={(_, checked) => update({ compare: checked })} />}
        label={t('analytics.filters.compare')}
      />
      {(active > 0 || values.date !== 'last_30_days') && (
        <Button size="small" onClick={clear}>
          {t('analytics.filters.clear')}
        </Button>
      )}
    </Stack>
  );
}
