import { lazy, Suspense, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import CalculateOutlinedIcon from '@mui/icons-material/CalculateOutlined';
import { useTranslation } from 'react-i18next';

const CalculatorDialog = lazy(() =>
  import('../../features/calculator/calculator-dialog').then((m) => ({ default: m.CalculatorDialog })),
);

/** SPEC 2.1: the calculator icon opens the COD profit calculator. */
export function CalculatorButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('calculator.title')}>
        <IconButton aria-label={t('calculator.title')} onClick={() => setOpen(true)}>
          <CalculateOutlinedIcon />
        </IconButton>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <CalculatorDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
