import { useState } from 'react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DayField } from '../../../components/dates/day-field';

const HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));
const MINUTES = Array.from({ length: 60 }, (_, m) => String(m).padStart(2, '0'));

interface TDateTimeFieldProps {
  label: string;
  /** 'Y-m-d H:i' or ''. */
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  /** 'Y-m-d' of the earliest day the picker offers. */
  minDate?: string;
  testId?: string;
}

function parts(value: string) {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})$/.exec(value);
  return { date: match?.[1] ?? '', hour: match?.[2] ?? '', minute: match?.[3] ?? '' };
}

/**
 * SPEC 5 date-time: Y-m-d H:i, 24-hour, 1-minute steps. A day picker with hour (00–23) and minute
 * (00–59) lists: browsers' own time inputs follow the operating system and show AM/PM to some.
 */
export function DateTimeField({ label, value, onChange, error, required, minDate, testId }: TDateTimeFieldProps) {
  const { t } = useTranslation();
  const [local, setLocal] = useState(() => parts(value));
  const update = (changes: Partial<typeof local>) => {
    const next = { ...local, ...changes };
    // Choosing an hour first means "on the hour" until a minute is chosen.
    if (changes.hour && !next.minute) next.minute = '00';
    setLocal(next);
    onChange(next.date && next.hour && next.minute ? `${next.date} ${next.hour}:${next.minute}` : '');
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} data-testid={testId}>
      <Typography component="legend" variant="body2" color={error ? 'error' : 'text.secondary'} sx={{ mb: 1 }}>
        {label}
        {required && ' *'}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1fr 1fr' } }}>
        <DayField
          size="small"
          label={t('orders.date_time.date')}
          value={local.date}
          onChange={(date) => update({ date })}
          min={minDate}
          error={Boolean(error) && !local.date}
          sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
          data-testid={testId ? `${testId}-date` : undefined}
        />
        <TextField
          select
          size="small"
          label={t('orders.date_time.hour')}
          value={local.hour}
          onChange={(event) => update({ hour: event.target.value })}
          error={Boolean(error) && !local.hour}
          slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 300 } } } } } }}
        >
          {HOURS.map((hour) => (
            <MenuItem key={hour} value={hour}>
              {hour}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('orders.date_time.minute')}
          value={local.minute}
          onChange={(event) => update({ minute: event.target.value })}
          slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 300 } } } } } }}
        >
          {MINUTES.map((minute) => (
            <MenuItem key={minute} value={minute}>
              {minute}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {value && (
        <FormHelperText data-testid={testId ? `${testId}-value` : undefined} dir="ltr" sx={{ textAlign: 'start' }}>
          <bdi>{value}</bdi>
        </FormHelperText>
      )}
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
