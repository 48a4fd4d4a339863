import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_WORKING_HOURS, WEEK_DAYS, type TWeekDay, type TWorkingDay } from '@cod/shared';
import { useTranslation } from 'react-i18next';

interface TDayProps {
  day: TWeekDay;
  value: TWorkingDay | null;
  onChange: (value: TWorkingDay | null) => void;
  disabled: boolean;
  /** Translated messages of this day's fields. */
  errors: { open?: string; close?: string };
}

/** One day of the working hours: open or closed, and the hours when open (24-hour, shop time). */
export function WorkingDayRow({ day, value, onChange, disabled, errors }: TDayProps) {
  const { t } = useTranslation();
  const fallback = DEFAULT_WORKING_HOURS.sun!;
  return (
    <Box
      data-testid={`hours-${day}`}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr auto', sm: '140px 130px 1fr 1fr' },
        gap: 1.5,
        alignItems: 'center',
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography sx={{ fontWeight: 500 }}>{t(`shop_settings.days.${day}`)}</Typography>
      <FormControlLabel
        control={
          <Switch
            checked={value !== null}
            disabled={disabled}
            onChange={(event) => onChange(event.target.checked ? { ...fallback } : null)}
          />
        }
        label={value ? t('shop_settings.open') : t('shop_settings.closed')}
        sx={{ m: 0 }}
      />
      {value && (
        <>
          {(['open', 'close'] as const).map((end) => (
            <TextField
              key={end}
              type="time"
              size="small"
              label={t(end === 'open' ? 'shop_settings.opens_at' : 'shop_settings.closes_at')}
              value={value[end]}
              disabled={disabled}
              onChange={(event) => onChange({ ...value, [end]: event.target.value })}
              error={Boolean(errors[end])}
              helperText={errors[end]}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60, dir: 'ltr' } }}
            />
          ))}
        </>
      )}
    </Box>
  );
}

export { WEEK_DAYS };
