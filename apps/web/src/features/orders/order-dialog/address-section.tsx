import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { TStopdeskCentre } from '@cod/shared';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCitiesQuery, useStatesQuery } from '../orders-api';
import type { TOrderFormState } from './order-form-values';
import { OrderSelect, OrderSwitch, useOrderTextField } from './order-fields';

// The wilayas and communes are long lists: the menu scrolls.
const LONG_MENU = { select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } };

// The centres file carries a few HTML entities ("Easy &amp; Speed"); show them as text.
const plainText = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&apos;/g, "'");

/**
 * SPEC 5: wilaya required; the commune is enabled only after a wilaya is chosen (communes from
 * /dashboard/cities/state/{id}); a stop-desk centre is required when stop desk is on and the
 * wilaya has centres.
 */
export function AddressSection({ centres }: { centres: readonly TStopdeskCentre[] }) {
  const { t, i18n } = useTranslation();
  const { control, setValue } = useFormContext<TOrderFormState>();
  const textField = useOrderTextField();
  const [stateId, isStopdesk, companyId] = useWatch({
    control,
    name: ['state_id', 'is_stopdesk', 'shipping_company_id'],
  });
  const states = useStatesQuery();
  const cities = useCitiesQuery(stateId === '' ? null : stateId);
  const arabic = i18n.language === 'ar';

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <OrderSelect
        name="state_id"
        required
        label={t('orders.form.state')}
        onPicked={() => {
          // Another wilaya: its communes and its centres are other ones.
          setValue('city_id', '');
          setValue('stopdesk_id', '');
        }}
        data-testid="order-state"
        slotProps={LONG_MENU}
        options={(states.data?.data ?? []).map((state) => ({
          value: state.id,
          label: `${state.code} - ${arabic ? state.name_ar : state.name}`,
        }))}
      />
      <OrderSelect
        name="city_id"
        required
        label={t('orders.form.city')}
        blank={!cities.data}
        disabled={stateId === ''}
        hint={stateId === '' ? t('orders.form.city_hint') : undefined}
        data-testid="order-city"
        slotProps={LONG_MENU}
        options={(cities.data?.data ?? []).map((city) => ({
          value: city.id,
          label: arabic ? city.name_ar : city.name,
        }))}
      />
      <TextField label={t('orders.form.address')} {...textField('customer_address')} sx={{ gridColumn: '1 / -1' }} />
      <OrderSwitch
        name="is_stopdesk"
        label={t('orders.form.stopdesk')}
        testId="order-stopdesk"
        describedBy="stopdesk-hint"
        onToggled={(on) => {
          if (!on) setValue('stopdesk_id', '');
        }}
      />
      {isStopdesk &&
        (centres.length > 0 ? (
          <OrderSelect
            name="stopdesk_id"
            required
            label={t('orders.form.stopdesk_centre')}
            data-testid="order-stopdesk-centre"
            options={centres.map((centre) => ({
              value: centre.center_id,
              label: `${plainText(centre.name)}${centre.commune_name ? ` · ${plainText(centre.commune_name)}` : ''}`,
            }))}
          />
        ) : (
          <Alert severity="info" id="stopdesk-hint" sx={{ py: 0 }}>
            {stateId === ''
              ? t('orders.form.stopdesk_pick_state')
              : companyId === '' || companyId === null
                ? t('orders.form.stopdesk_pick_company')
                : t('orders.form.stopdesk_none')}
          </Alert>
        ))}
    </Box>
  );
}
