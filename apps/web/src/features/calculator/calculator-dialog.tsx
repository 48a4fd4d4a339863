import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CALCULATOR_DEFAULTS,
  calculateCodProfit,
  formatDZD,
  isCalculatorInputValid,
  type TCalculatorInput,
} from '@cod/shared';
import { useTranslation } from 'react-i18next';

type TField = keyof TCalculatorInput;
type TValues = Record<TField, string>;

// The ad cost per order (issue 12 item 9d) is optional: empty assumes the maximum.
const MONEY_FIELDS: TField[] = ['salesPrice', 'productCost', 'shippingCost', 'adCost'];
const RATE_FIELDS: TField[] = ['confirmationRate', 'deliveryRate'];

// SPEC 9: confirmation and delivery rates start at 50.
const INITIAL_VALUES: TValues = {
  salesPrice: '',
  productCost: '',
  shippingCost: '',
  confirmationRate: String(CALCULATOR_DEFAULTS.confirmationRate),
  deliveryRate: String(CALCULATOR_DEFAULTS.deliveryRate),
  adCost: '',
};

const toNumber = (value: string): number => (value.trim() === '' ? Number.NaN : Number(value));

function toInput(values: TValues): TCalculatorInput {
  return {
    salesPrice: toNumber(values.salesPrice),
    productCost: toNumber(values.productCost),
    shippingCost: toNumber(values.shippingCost),
    confirmationRate: toNumber(values.confirmationRate),
    deliveryRate: toNumber(values.deliveryRate),
    adCost: values.adCost.trim() === '' ? null : Number(values.adCost),
  };
}

interface TCalculatorDialogProps {
  open: boolean;
  onClose: () => void;
}

/** SPEC 2.4 / 5 / 9: the COD profit calculator. */
export function CalculatorDialog({ open, onClose }: TCalculatorDialogProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<TValues>(INITIAL_VALUES);
  // SPEC 5: the check runs on Calculate and then live; results need one Calculate with valid input.
  const [checked, setChecked] = useState(false);
  const [calculated, setCalculated] = useState(false);

  const input = toInput(values);
  const valid = isCalculatorInputValid(input);
  const priceBelowCost = input.salesPrice < input.productCost + input.shippingCost;
  const showCostError = checked && priceBelowCost;
  const result = calculated && valid ? calculateCodProfit(input) : null;

  const calculate = () => {
    setChecked(true);
    if (valid) setCalculated(true);
  };

  const field = (name: TField) => {
    const isRate = RATE_FIELDS.includes(name);
    const number = toNumber(values[name]);
    const outOfRange = values[name] !== '' && (number < 0 || (isRate && number > 100));
    return (
      <TextField
        key={name}
        label={t(`calculator.${name}`)}
        type="number"
        value={values[name]}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
        error={outOfRange || (checked && values[name] === '' && name !== 'adCost')}
        helperText={
          outOfRange
            ? t(isRate ? 'calculator.rate_range' : 'calculator.min_zero')
            : name === 'adCost'
              ? t('calculator.ad_cost_hint')
              : undefined
        }
        fullWidth
        size="small"
        slotProps={{
          htmlInput: { min: 0, max: isRate ? 100 : undefined, step: isRate ? 1 : 'any', inputMode: 'decimal' },
          input: {
            endAdornment: <InputAdornment position="end">{isRate ? '%' : t('common.currency_suffix')}</InputAdornment>,
          },
        }}
      />
    );
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="calculator-title">
      <DialogTitle id="calculator-title">{t('calculator.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {MONEY_FIELDS.map(field)}
          <Stack direction="row" spacing={2}>
            {RATE_FIELDS.map(field)}
          </Stack>
          {showCostError && (
            <Alert severity="error" role="alert">
              {t('calculator.validation_error')}
            </Alert>
          )}
          {result && (
            <Box
              aria-live="polite"
              data-testid="calculator-results"
              sx={{ display: 'grid', gap: 1, p: 2, borderRadius: 1, bgcolor: 'action.hover' }}
            >
              <ResultRow label={t('calculator.success_rate')} value={`${result.successRate}%`} />
              <ResultRow label={t('calculator.max_ad_cost')} value={formatDZD(result.maxAdCost)} />
              <ResultRow label={t('calculator.net_profit')} value={formatDZD(result.netProfit)} strong />
              <Typography variant="caption" color="text.secondary" data-testid="calculator-ad-cost-note">
                {result.adCostAssumed
                  ? t('calculator.ad_cost_assumed', { amount: formatDZD(result.adCostUsed) })
                  : t('calculator.ad_cost_used', { amount: formatDZD(result.adCostUsed) })}
              </Typography>
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
        <Button variant="contained" onClick={calculate} disabled={checked && !valid}>
          {t('calculator.calculate')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ResultRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 500 }} dir="ltr">
        {value}
      </Typography>
    </Box>
  );
}
