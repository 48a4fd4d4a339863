import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { CUSTOM_FIELD_TYPES, MAX_CUSTOM_FIELDS, type TProductFormValues } from '@cod/shared';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CustomFieldOptionsInput } from './custom-field-options-input';
import { newCustomField } from './product-form-values';
import { translateServerMessage } from '../../lib/server-message';

/**
 * SPEC 3 custom fields {label, type text/number/select/checkbox, required, placeholder, options}:
 * what the order form asks for this product (an engraving, a size chart answer, a gift note...).
 */
export function CustomFieldsEditor() {
  const { t } = useTranslation();
  const { control, register, formState } = useFormContext<TProductFormValues>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'custom_fields', keyName: 'key' });
  const types = useWatch({ control, name: 'custom_fields' })?.map((field) => field.type) ?? [];
  const errors = formState.errors.custom_fields;

  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="custom-fields-editor">
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('custom_fields.empty')}
        </Typography>
      )}
      {fields.map((field, index) => {
        const type = types[index] ?? field.type;
        const labelError = translateServerMessage(t, errors?.[index]?.label?.message);
        const placeholderError = translateServerMessage(t, errors?.[index]?.placeholder?.message);
        return (
          <Paper
            key={field.key}
            variant="outlined"
            sx={{ p: 2, display: 'grid', gap: 1.5 }}
            role="group"
            aria-label={t('custom_fields.number', { number: index + 1 })}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <Typography variant="subtitle2" sx={{ flex: 1 }}>
                {t('custom_fields.number', { number: index + 1 })}
              </Typography>
              <Tooltip title={t('custom_fields.move_up')}>
                <span>
                  <IconButton
                    aria-label={t('custom_fields.move_up')}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={t('custom_fields.move_down')}>
                <span>
                  <IconButton
                    aria-label={t('custom_fields.move_down')}
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={t('custom_fields.remove')}>
                <IconButton
                  aria-label={t('custom_fields.remove_n', { number: index + 1 })}
                  onClick={() => remove(index)}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Tooltip>
            </Box>
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
              <TextField
                {...register(`custom_fields.${index}.label`)}
                size="small"
                label={t('custom_fields.label')}
                placeholder={t('custom_fields.label_hint')}
                required
                error={Boolean(labelError)}
                helperText={labelError}
              />
              <Controller
                control={control}
                name={`custom_fields.${index}.type`}
                render={({ field: typeField }) => (
                  <TextField
                    select
                    size="small"
                    label={t('custom_fields.type')}
                    value={typeField.value}
                    onChange={typeField.onChange}
                    onBlur={typeField.onBlur}
                    inputRef={typeField.ref}
                  >
                    {CUSTOM_FIELD_TYPES.map((option) => (
                      <MenuItem key={option} value={option}>
                        {t(`custom_fields.types.${option}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Box>
            {type !== 'checkbox' && (
              <TextField
                {...register(`custom_fields.${index}.placeholder`)}
                size="small"
                label={t('custom_fields.placeholder')}
                placeholder={t('custom_fields.placeholder_hint')}
                error={Boolean(placeholderError)}
                helperText={placeholderError}
              />
            )}
            {type === 'select' && <CustomFieldOptionsInput index={index} />}
            <Controller
              control={control}
              name={`custom_fields.${index}.required`}
              render={({ field: requiredField }) => (
                <FormControlLabel
                  control={
                    <Switch
                      checked={requiredField.value === true}
                      onChange={(event) => requiredField.onChange(event.target.checked)}
                      inputRef={requiredField.ref}
                    />
                  }
                  label={type === 'checkbox' ? t('custom_fields.required_checkbox') : t('custom_fields.required')}
                />
              )}
            />
          </Paper>
        );
      })}
      {fields.length < MAX_CUSTOM_FIELDS && (
        <Box>
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => append(newCustomField())}>
            {t('custom_fields.add')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
