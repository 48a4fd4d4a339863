import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TCustomField } from '@cod/shared';
import type { TFieldValue } from '../order-dialog/order-form-values';
import type { TProductWithFields } from './custom-field-rules';

interface TCustomFieldInputsProps {
  products: readonly TProductWithFields[];
  values: Record<string, Record<string, TFieldValue>>;
  onChange: (productId: number, label: string, value: TFieldValue) => void;
  /** The message to show under a field, already worded and translated. */
  errorOf: (productId: number, label: string) => string | undefined;
  /** Headings name the product when the order holds several. */
  headings?: boolean;
}

/** A product's custom fields (SPEC 3: text, number, select, checkbox; required; placeholder). */
export function CustomFieldInputs({ products, values, onChange, errorOf, headings = true }: TCustomFieldInputsProps) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {products.map((product) => (
        <Box key={product.id} sx={{ display: 'grid', gap: 1.5 }} data-testid={`custom-fields-${product.id}`}>
          {headings && (
            <Typography variant="subtitle2" component="h3">
              <bdi>{product.name}</bdi>
            </Typography>
          )}
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {product.custom_fields.map((field) => (
              <CustomFieldInput
                key={field.label}
                field={field}
                value={values[String(product.id)]?.[field.label] ?? null}
                error={errorOf(product.id, field.label)}
                onChange={(value) => onChange(product.id, field.label, value)}
              />
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function CustomFieldInput(props: {
  field: TCustomField;
  value: TFieldValue;
  error: string | undefined;
  onChange: (value: TFieldValue) => void;
}) {
  const { field, value, error, onChange } = props;
  if (field.type === 'checkbox') {
    return (
      <FormControl error={Boolean(error)}>
        <FormControlLabel
          control={<Checkbox checked={value === true} onChange={(event) => onChange(event.target.checked)} />}
          label={field.label}
        />
        {error && <FormHelperText>{error}</FormHelperText>}
      </FormControl>
    );
  }
  return (
    <TextField
      select={field.type === 'select'}
      size="small"
      label={field.label}
      required={field.required}
      placeholder={field.placeholder ?? undefined}
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
      error={Boolean(error)}
      helperText={error}
      slotProps={{
        htmlInput: field.type === 'number' ? { inputMode: 'decimal' } : undefined,
        inputLabel: field.placeholder ? { shrink: true } : undefined,
      }}
    >
      {field.type === 'select' &&
        field.options.map((option) => (
          <MenuItem key={option} value={option}>
            {option}
          </MenuItem>
        ))}
    </TextField>
  );
}
