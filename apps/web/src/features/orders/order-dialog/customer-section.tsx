import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAgentsQuery, useStatusesQuery } from '../orders-api';
import { StatusChip } from '../table/order-cells';
import type { TOrderFormState } from './order-form-values';
import { PhoneCheckAlert } from './phone-check-alert';
import { OrderSelect, useOrderTextField } from './order-fields';

// docs/decisions/0016: a new order may start as new, pending or confirmed.
const CREATION_TYPES = ['new', 'pending', 'confirmed'];

/** SPEC 5: customer name and phone are required; the second phone, agent and status are optional. */
export function CustomerSection({ orderId }: { orderId: number | null }) {
  const { t } = useTranslation();
  const { control } = useFormContext<TOrderFormState>();
  const textField = useOrderTextField();
  const phone = useWatch({ control, name: 'customer_phone_1' });
  const agents = useAgentsQuery();
  const statuses = useStatusesQuery();
  const creating = orderId === null;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField
        label={t('orders.form.name')}
        required
        autoFocus
        {...textField('customer_full_name')}
        sx={{ gridColumn: '1 / -1' }}
        slotProps={{ htmlInput: { 'data-testid': 'order-name', maxLength: 190 } }}
      />
      <TextField
        label={t('orders.form.phone_1')}
        required
        {...textField('customer_phone_1', t('orders.form.phone_hint'))}
        slotProps={{ htmlInput: { inputMode: 'tel', dir: 'ltr', 'data-testid': 'order-phone' } }}
      />
      <TextField
        label={t('orders.form.phone_2')}
        {...textField('customer_phone_2')}
        slotProps={{ htmlInput: { inputMode: 'tel', dir: 'ltr' } }}
      />
      <PhoneCheckAlert phone={phone} excludeId={orderId} />
      <OrderSelect
        name="agent_id"
        label={t('orders.form.agent')}
        none={t('orders.table.unassigned')}
        options={(agents.data?.data ?? []).map((agent) => ({ value: agent.id, label: agent.name }))}
      />
      {creating && (
        <OrderSelect
          name="status_id"
          label={t('orders.form.status')}
          none={t('orders.form.status_default')}
          hint={t('orders.form.status_hint')}
          data-testid="order-status"
          options={(statuses.data?.data ?? [])
            .filter((status) => CREATION_TYPES.includes(status.type))
            .map((status) => ({ value: status.id, label: <StatusChip status={status} /> }))}
        />
      )}
    </Box>
  );
}
