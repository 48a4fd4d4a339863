import { useState } from 'react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DayField } from '../../../components/dates/day-field';
import { SelectField, type TSelectOption } from '../../../components/forms/select-field';

/** '00', '01', … up to count - 1: a time part's choices, as a menu shows them. */
const twoDigits = (count: number) =>
  Array.from({ length: count }, (_, n) => {
    const value = String(n).padStart(2, '0');
    return { value, label: value };
  });
const HOURS = twoDigits(24);
const MINUTES = twoDigits(60);

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

/** The hour or the minute list; its menu is kept short enough to scroll on a phone. */
function TimePartSelect({
  label,
  value,
  choices,
  onChange,
  error,
}: {
  label: string;
  value: string;
  choices: readonly TSelectOption[];
  onChange: (value: string) => void;
  error?: boolean;
}) {
  return (
    <SelectField
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      options={choices}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 300 } } } } } }}
    />
  );
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
        <TimePartSelect
          label={t('orders.date_time.hour')}
          value={local.hour}
          choices={HOURS}
          onChange={(hour) => update({ hour })}
          error={Boolean(error) && !local.hour}
        />
        <TimePartSelect
          label={t('orders.date_time.minute')}
          value={local.minute}
          choices={MINUTES}
          onChange={(minute) => update({ minute })}
        />
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
