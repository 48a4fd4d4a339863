import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ORDER_SHIPMENT_STATUSES, type TOrderTab } from '@cod/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePresence } from '../../../lib/realtime/presence';
import { PresenceDot } from '../../../lib/realtime/presence-dot';
import { useAgentsQuery, useStatesQuery, useStatusesQuery } from '../orders-api';
import { offeredStatusesForFilter } from './status-filter';
import { DATE_OPTIONS, KNOWN_SOURCES, type TFilterValues } from './filter-values';
import { DateRangeDialog } from './date-range-dialog';
import { ProductFilter } from './product-filter';
import { sourceLabel } from '../table/source-icon';
import { useStatusLabel } from '../../statuses/status-label';

interface TFilterFieldsProps {
  values: TFilterValues;
  tab: TOrderTab;
  /** Custom Range opens the date-range dialog first; its range comes here as one change. */
  onChange: (changes: Partial<TFilterValues>) => void;
  /** In the phone's dialog every field takes the full width. */
  stacked?: boolean;
}

/** SPEC 2.4 filters: date, agent, product, sales source, state, status, shipment status (inDelivery). */
export function FilterFields({ values, tab, onChange, stacked = false }: TFilterFieldsProps) {
  const { t, i18n } = useTranslation();
  const [rangeOpen, setRangeOpen] = useState(false);
  const onCustomRange = () => setRangeOpen(true);
  const statusName = useStatusLabel();
  const agents = useAgentsQuery();
  // SPEC 4: who is online right now, so an available agent is easy to pick.
  const presence = usePresence();
  const states = useStatesQuery();
  const statuses = useStatusesQuery();
  const arabic = i18n.language === 'ar';
  const width = stacked ? { width: '100%' } : { minWidth: 150, flex: { xs: '1 1 150px', lg: '0 0 auto' } };

  const select = (key: keyof TFilterValues, label: string, options: ReactNode, testId?: string) => (
    <TextField
      select
      size="small"
      label={label}
      value={values[key] ?? ''}
      onChange={(event) => onChange({ [key]: event.target.value })}
      sx={width}
      slotProps={{
        select: { displayEmpty: true, MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } },
        inputLabel: { shrink: true },
      }}
      data-testid={testId ?? `filter-${key}`}
    >
      {key !== 'date' && <MenuItem value="">{t('orders.filters.any')}</MenuItem>}
      {options}
    </TextField>
  );

  return (
    <>
      <TextField
        select
        size="small"
        label={t('orders.filters.date')}
        value={values.date}
        onChange={(event) => {
          const date = event.target.value as TFilterValues['date'];
          if (date === 'custom') onCustomRange();
          else onChange({ date, start: '', end: '' });
        }}
        sx={width}
        slotProps={{ inputLabel: { shrink: true } }}
        data-testid="filter-date"
      >
        {DATE_OPTIONS.map((option) => (
          // Choosing Custom Range again re-opens the dialog to change the range.
          <MenuItem
            key={option}
            value={option}
            onClick={option === 'custom' && values.date === 'custom' ? onCustomRange : undefined}
          >
            {option === 'custom' && values.date === 'custom' && values.start
              ? t('orders.filters.custom_range_value', { start: values.start, end: values.end })
              : t(`orders.filters.dates.${option}`)}
          </MenuItem>
        ))}
      </TextField>
      {select('agent', t('orders.filters.agent'), [
        <MenuItem key="none" value="none">
          {t('orders.filters.unassigned')}
        </MenuItem>,
        ...(agents.data?.data ?? []).map((agent) => (
          <MenuItem key={agent.id} value={String(agent.id)} data-online={presence.get(agent.id)?.online ?? false}>
            <PresenceDot presence={presence.get(agent.id)} />
            {agent.name}
          </MenuItem>
        )),
      ])}
      <ProductFilter value={values.product} onChange={(product) => onChange({ product })} sx={width} />
      {select('source', t('orders.filters.source'), [
        ...KNOWN_SOURCES.map((source) => (
          <MenuItem key={source} value={source}>
            {sourceLabel(t, source)}
          </MenuItem>
        )),
        <MenuItem key="none" value="none">
          {t('orders.filters.no_source')}
        </MenuItem>,
        // A source from the URL that is not in the list (an integration's own) stays choosable.
        ...(values.source && values.source !== 'none' && !(KNOWN_SOURCES as readonly string[]).includes(values.source)
          ? [
              <MenuItem key={values.source} value={values.source}>
                {values.source}
              </MenuItem>,
            ]
          : []),
      ])}
      {select(
        'state',
        t('orders.filters.state'),
        (states.data?.data ?? []).map((state) => (
          <MenuItem key={state.id} value={String(state.id)}>
            {state.code} - {arabic ? state.name_ar : state.name}
          </MenuItem>
        )),
      )}
      {select(
        'status',
        t('orders.filters.status'),
        offeredStatusesForFilter(statuses.data?.data ?? [], tab, values.status).map((status) => (
          <MenuItem key={status.id} value={String(status.id)}>
            {statusName(status)}
          </MenuItem>
        )),
      )}
      {tab === 'inDelivery' &&
        select(
          'shipment_status',
          t('orders.filters.shipment_status'),
          ORDER_SHIPMENT_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {t(`orders.shipment_statuses.${status}`)}
            </MenuItem>
          )),
        )}
      {select(
        'risky',
        t('callcentre.filters.customers'),
        <MenuItem value="1">{t('callcentre.filters.risky')}</MenuItem>,
      )}
      {rangeOpen && (
        <DateRangeDialog
          initialStart={values.start}
          initialEnd={values.end}
          onClose={() => setRangeOpen(false)}
          onApply={({ start, end }) => {
            setRangeOpen(false);
            onChange({ date: 'custom', start, end });
          }}
        />
      )}
    </>
  );
}
