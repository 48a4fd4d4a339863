import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAgentsQuery, useStatusesQuery } from '../orders-api';
import { StatusChip } from '../table/order-cells';
import type { TOrderFormState } from './order-form-values';
import { PhoneCheckAlert } from './phone-check-alert';
import { translateServerMessage } from '../../../lib/server-message';

// docs/decisions/0016: a new order may start as new, pending or confirmed.
const CREATION_TYPES = ['new', 'pending', 'confirmed'];

/** SPEC 5: customer name and phone are required; the second phone, agent and status are optional. */
export function CustomerSection({ orderId }: { orderId: number | null }) {
  const { t } = useTranslation();
  const { control, register, formState } = useFormContext<TOrderFormState>();
  const phone = useWatch({ control, name: 'customer_phone_1' });
  const agents = useAgentsQuery();
  const statuses = useStatusesQuery();
  const { errors } = formState;
  const message = (text: string | undefined) => translateServerMessage(t, text);
  const creating = orderId === null;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField
        label={t('orders.form.name')}
        required
        autoFocus
        {...register('customer_full_name')}
        error={Boolean(errors.customer_full_name)}
        helperText={message(errors.customer_full_name?.message)}
        sx={{ gridColumn: '1 / -1' }}
        slotProps={{ htmlInput: { 'data-testid': 'order-name', maxLength: 190 } }}
      />
      <TextField
        label={t('orders.form.phone_1')}
        required
        {...register('customer_phone_1')}
        error={Boolean(errors.customer_phone_1)}
        helperText={message(errors.customer_phone_1?.message) ?? t('orders.form.phone_hint')}
        slotProps={{ htmlInput: { inputMode: 'tel', dir: 'ltr', 'data-testid': 'order-phone' } }}
      />
      <TextField
        label={t('orders.form.phone_2')}
        {...register('customer_phone_2')}
        error={Boolean(errors.customer_phone_2)}
        helperText={message(errors.customer_phone_2?.message)}
        slotProps={{ htmlInput: { inputMode: 'tel', dir: 'ltr' } }}
      />
      <PhoneCheckAlert phone={phone} excludeId={orderId} />
      <Controller
        control={control}
        name="agent_id"
        render={({ field }) => (
          <TextField
            select
            label={t('orders.form.agent')}
            value={field.value}
            inputRef={field.ref}
            onChange={(event) => field.onChange(event.target.value === '' ? '' : Number(event.target.value))}
            error={Boolean(errors.agent_id)}
            helperText={message(errors.agent_id?.message)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('orders.table.unassigned')}</MenuItem>
            {(agents.data?.data ?? []).map((agent) => (
              <MenuItem key={agent.id} value={agent.id}>
                {agent.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {creating && (
        <Controller
          control={control}
          name="status_id"
          render={({ field }) => (
            <TextField
              select
              label={t('orders.form.status')}
              value={field.value}
              inputRef={field.ref}
              onChange={(event) => field.onChange(event.target.value === '' ? '' : Number(event.target.value))}
              helperText={t('orders.form.status_hint')}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              data-testid="order-status"
            >
              <MenuItem value="">{t('orders.form.status_default')}</MenuItem>
              {(statuses.data?.data ?? [])
                .filter((status) => CREATION_TYPES.includes(status.type))
                .map((status) => (
                  <MenuItem key={status.id} value={status.id}>
                    <StatusChip status={status} />
                  </MenuItem>
                ))}
            </TextField>
          )}
        />
      )}
    </Box>
  );
}
