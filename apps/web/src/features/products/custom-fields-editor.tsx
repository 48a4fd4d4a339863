import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { CUSTOM_FIELD_TYPES, MAX_CUSTOM_FIELDS, type TProductFormValues } from '@cod/shared';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CustomFieldOptionsInput } from './custom-field-options-input';
import { newCustomField } from './product-form-values';
import { SelectField } from '../../components/forms/select-field';
import { FormTextField } from '../../components/catalogue-kit/form-text-field';
import { FormSwitch } from '../../components/catalogue-kit/form-switch';
import {
  CollectionAddButton,
  CollectionItemButton,
  CollectionItemCard,
} from '../../components/catalogue-kit/collection-controls';

/**
 * SPEC 3 custom fields {label, type text/number/select/checkbox, required, placeholder, options}:
 * what the order form asks for this product (an engraving, a size chart answer, a gift note...).
 */
export function CustomFieldsEditor() {
  const { t } = useTranslation();
  const { control } = useFormContext<TProductFormValues>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'custom_fields', keyName: 'key' });
  const types = useWatch({ control, name: 'custom_fields' })?.map((field) => field.type) ?? [];

  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="custom-fields-editor">
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('custom_fields.empty')}
        </Typography>
      )}
      {fields.map((field, index) => {
        const type = types[index] ?? field.type;
        return (
          <CollectionItemCard
            key={field.key}
            section="custom_fields"
            number={index + 1}
            onRemove={() => remove(index)}
            actions={
              <>
                <CollectionItemButton
                  title={t('custom_fields.move_up')}
                  icon={<ArrowUpwardIcon fontSize="small" />}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                />
                <CollectionItemButton
                  title={t('custom_fields.move_down')}
                  icon={<ArrowDownwardIcon fontSize="small" />}
                  disabled={index === fields.length - 1}
                  onClick={() => move(index, index + 1)}
                />
              </>
            }
          >
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
              <FormTextField<TProductFormValues>
                name={`custom_fields.${index}.label`}
                label={t('custom_fields.label')}
                placeholder={t('custom_fields.label_hint')}
                required
              />
              <Controller
                control={control}
                name={`custom_fields.${index}.type`}
                render={({ field: typeField }) => (
                  <SelectField
                    size="small"
                    label={t('custom_fields.type')}
                    value={typeField.value}
                    onChange={typeField.onChange}
                    onBlur={typeField.onBlur}
                    inputRef={typeField.ref}
                    options={CUSTOM_FIELD_TYPES.map((option) => ({
                      value: option,
                      label: t(`custom_fields.types.${option}`),
                    }))}
                  />
                )}
              />
            </Box>
            {type !== 'checkbox' && (
              <FormTextField<TProductFormValues>
                name={`custom_fields.${index}.placeholder`}
                label={t('custom_fields.placeholder')}
                placeholder={t('custom_fields.placeholder_hint')}
              />
            )}
            {type === 'select' && <CustomFieldOptionsInput index={index} />}
            <FormSwitch
              control={control}
              name={`custom_fields.${index}.required`}
              label={type === 'checkbox' ? t('custom_fields.required_checkbox') : t('custom_fields.required')}
            />
          </CollectionItemCard>
        );
      })}
      <CollectionAddButton
        count={fields.length}
        max={MAX_CUSTOM_FIELDS}
        label={t('custom_fields.add')}
        onAdd={() => append(newCustomField())}
      />
    </Box>
  );
}
