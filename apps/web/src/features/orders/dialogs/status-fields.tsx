import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TStatus, TStatusType } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { StatusChip } from '../table/order-cells';
import { DateTimeField } from './date-time-field';
import { nowLocal, type TStatusFormErrors, type TStatusFormInput } from './status-form-rules';
import { translateServerMessage } from '../../../lib/server-message';

interface TStatusFieldsProps {
  statuses: readonly TStatus[];
  value: TStatusFormInput;
  onChange: (next: TStatusFormInput) => void;
  errors: TStatusFormErrors;
}

/**
 * The status dialogs' fields (SPEC 4): the statuses offered, grouped by type; an optional
 * description; a schedule for reported (SPEC 5: Y-m-d H:i, 24 h) and the cancellation time for
 * cancelled (now unless changed).
 */
export function StatusFields({ statuses, value, onChange, errors }: TStatusFieldsProps) {
  const { t } = useTranslation();
  const types = [...new Set(statuses.map((s) => s.type))];
  const pick = (id: number) => {
    const status = statuses.find((s) => s.id === id);
    const type: TStatusType | null = status?.type ?? null;
    onChange({
      ...value,
      status: id,
      statusType: type,
      cancelled_at: type === 'cancelled' ? value.cancelled_at || nowLocal() : '',
      report_date: type === 'reported' ? value.report_date : '',
    });
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
      <TextField
        select
        label={t('orders.status_dialog.status')}
        required
        value={value.status}
        onChange={(event) => pick(Number(event.target.value))}
        error={Boolean(errors.status)}
        helperText={translateServerMessage(t, errors.status)}
        data-testid="status-select"
      >
        {/* Grouped by type, in the shop's order: the colours tell the groups apart. */}
        {types.flatMap((type) =>
          statuses
            .filter((status) => status.type === type)
            .map((status) => (
              <MenuItem key={status.id} value={status.id}>
                <StatusChip status={status} />
              </MenuItem>
            )),
        )}
      </TextField>
      {value.statusType === 'reported' && (
        <DateTimeField
          label={t('orders.status_dialog.report_date')}
          required
          value={value.report_date}
          minDate={nowLocal().slice(0, 10)}
          onChange={(report_date) => onChange({ ...value, report_date })}
          error={translateServerMessage(t, errors.report_date)}
          testId="report-date"
        />
      )}
      {value.statusType === 'cancelled' && (
        <DateTimeField
          label={t('orders.status_dialog.cancelled_at')}
          value={value.cancelled_at}
          onChange={(cancelled_at) => onChange({ ...value, cancelled_at })}
          error={translateServerMessage(t, errors.cancelled_at)}
          testId="cancelled-at"
        />
      )}
      <TextField
        label={t('orders.status_dialog.description')}
        value={value.description}
        onChange={(event) => onChange({ ...value, description: event.target.value })}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
    </Box>
  );
}
