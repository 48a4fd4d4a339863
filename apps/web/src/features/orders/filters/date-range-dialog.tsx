import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ORDER_LIST_MESSAGES } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { ResponsiveDialog } from '../../../components/dialogs/responsive-dialog';
import { translateServerMessage } from '../../../lib/server-message';
import { DayField } from '../../../components/dates/day-field';

/** SPEC 5: a date range needs both start and end; the end cannot precede the start. */
export function dateRangeErrors(start: string, end: string): { start?: string; end?: string } {
  const errors: { start?: string; end?: string } = {};
  if (!start) errors.start = ORDER_LIST_MESSAGES.startRequired;
  if (!end) errors.end = ORDER_LIST_MESSAGES.endRequired;
  if (start && end && end < start) errors.end = ORDER_LIST_MESSAGES.endBeforeStart;
  return errors;
}

interface TDateRangeDialogProps {
  initialStart: string;
  initialEnd: string;
  onApply: (range: { start: string; end: string }) => void;
  onClose: () => void;
}

/** SPEC 2.4 date range dialog (Custom Range): inclusive days in the shop's time zone. */
export function DateRangeDialog({ initialStart, initialEnd, onApply, onClose }: TDateRangeDialogProps) {
  const { t } = useTranslation();
  const [start, setStart] = useState(initialStart);
  const [end, setEnd] = useState(initialEnd);
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? dateRangeErrors(start, end) : {};

  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      maxWidth="xs"
      title={t('orders.date_range.title')}
      testId="date-range-dialog"
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (Object.keys(dateRangeErrors(start, end)).length === 0) onApply({ start, end });
      }}
      actions={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('orders.date_range.apply')}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <DayField
          label={t('orders.date_range.start')}
          value={start}
          onChange={setStart}
          error={Boolean(errors.start)}
          helperText={translateServerMessage(t, errors.start)}
          required
          data-testid="date-range-start"
        />
        <DayField
          label={t('orders.date_range.end')}
          value={end}
          onChange={setEnd}
          min={start || undefined}
          error={Boolean(errors.end)}
          helperText={translateServerMessage(t, errors.end)}
          required
          data-testid="date-range-end"
        />
      </Box>
    </ResponsiveDialog>
  );
}
