import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { TStopdeskCentre } from '@cod/shared';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCitiesQuery, useStatesQuery } from '../orders-api';
import type { TOrderFormState } from './order-form-values';
import { translateServerMessage } from '../../../lib/server-message';

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
  const { control, register, setValue, formState } = useFormContext<TOrderFormState>();
  const [stateId, isStopdesk, companyId] = useWatch({
    control,
    name: ['state_id', 'is_stopdesk', 'shipping_company_id'],
  });
  const states = useStatesQuery();
  const cities = useCitiesQuery(stateId === '' ? null : stateId);
  const arabic = i18n.language === 'ar';
  const { errors } = formState;
  const message = (text: string | undefined) => translateServerMessage(t, text);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <Controller
        control={control}
        name="state_id"
        render={({ field }) => (
          <TextField
            select
            required
            label={t('orders.form.state')}
            value={field.value}
            inputRef={field.ref}
            onChange={(event) => {
              field.onChange(Number(event.target.value));
              // Another wilaya: its communes and its centres are other ones.
              setValue('city_id', '');
              setValue('stopdesk_id', '');
            }}
            error={Boolean(errors.state_id)}
            helperText={message(errors.state_id?.message)}
            data-testid="order-state"
            slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
          >
            {(states.data?.data ?? []).map((state) => (
              <MenuItem key={state.id} value={state.id}>
                {state.code} - {arabic ? state.name_ar : state.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="city_id"
        render={({ field }) => (
          <TextField
            select
            required
            label={t('orders.form.city')}
            value={cities.data ? field.value : ''}
            inputRef={field.ref}
            disabled={stateId === ''}
            onChange={(event) => field.onChange(Number(event.target.value))}
            error={Boolean(errors.city_id)}
            helperText={message(errors.city_id?.message) ?? (stateId === '' ? t('orders.form.city_hint') : undefined)}
            data-testid="order-city"
            slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
          >
            {(cities.data?.data ?? []).map((city) => (
              <MenuItem key={city.id} value={city.id}>
                {arabic ? city.name_ar : city.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        label={t('orders.form.address')}
        {...register('customer_address')}
        error={Boolean(errors.customer_address)}
        helperText={message(errors.customer_address?.message)}
        sx={{ gridColumn: '1 / -1' }}
      />
      <Controller
        control={control}
        name="is_stopdesk"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Switch
                checked={field.value}
                onChange={(event) => {
                  field.onChange(event.target.checked);
                  if (!event.target.checked) setValue('stopdesk_id', '');
                }}
                slotProps={{ input: { 'aria-describedby': 'stopdesk-hint' } }}
                data-testid="order-stopdesk"
              />
            }
            label={t('orders.form.stopdesk')}
          />
        )}
      />
      {isStopdesk &&
        (centres.length > 0 ? (
          <Controller
            control={control}
            name="stopdesk_id"
            render={({ field }) => (
              <TextField
                select
                required
                label={t('orders.form.stopdesk_centre')}
                value={field.value}
                inputRef={field.ref}
                onChange={(event) => field.onChange(Number(event.target.value))}
                error={Boolean(errors.stopdesk_id)}
                helperText={message(errors.stopdesk_id?.message)}
                data-testid="order-stopdesk-centre"
              >
                {centres.map((centre) => (
                  <MenuItem key={centre.center_id} value={centre.center_id}>
                    {plainText(centre.name)}
                    {centre.commune_name && ` · ${plainText(centre.commune_name)}`}
                  </MenuItem>
                ))}
              </TextField>
            )}
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
