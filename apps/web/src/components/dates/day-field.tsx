import { useEffect, useRef, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import { useTranslation } from 'react-i18next';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written Y-m-d (not 2026-02-31). */
export function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

type TDayFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  /** 'Y-m-d' or ''. */
  value: string;
  onChange: (value: string) => void;
  /** 'Y-m-d' of the earliest day the calendar offers. */
  min?: string;
};

/**
 * Issue 12 item 8, SPEC 5: a day is written and shown Y-m-d ("2026-11-26") in every language. A
 * browser's own date input shows the operating system's order instead (11/26/2026 to some), so
 * the field is text in Y-m-d, and the calendar button opens the browser's calendar, whose choice
 * comes back as Y-m-d. A partly typed day is kept in the field and reported as '' until complete.
 */
export function DayField({ value, onChange, min, slotProps, ...props }: TDayFieldProps) {
  const { t } = useTranslation();
  const picker = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(value);
  useEffect(() => {
    setText((current) => (current === value || (!isDay(current) && value === '') ? current : value));
  }, [value]);

  const type = (next: string) => {
    const cleaned = next.replace(/[^\d-]/g, '').slice(0, 10);
    setText(cleaned);
    onChange(isDay(cleaned) ? cleaned : '');
  };

  const openCalendar = () => {
    const input = picker.current;
    if (!input) return;
    try {
      input.showPicker();
    } catch {
      input.focus();
    }
  };

  return (
    <>
      <TextField
        {...props}
        value={text}
        onChange={(event) => type(event.target.value)}
        placeholder="YYYY-MM-DD"
        slotProps={{
          ...slotProps,
          inputLabel: { shrink: true },
          htmlInput: { inputMode: 'numeric', dir: 'ltr', maxLength: 10, 'data-format': 'Y-m-d' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton size="small" edge="end" aria-label={t('orders.date_time.calendar')} onClick={openCalendar}>
                  <CalendarMonthOutlinedIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden
        min={min}
        value={isDay(text) ? text : ''}
        onChange={(event) => type(event.target.value)}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none', border: 0, padding: 0 }}
      />
    </>
  );
}
