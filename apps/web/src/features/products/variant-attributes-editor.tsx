import Box from '@mui/material/Box';
import CloseIcon from '@mui/icons-material/Close';
import type { TProductFormValues } from '@cod/shared';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/catalogue-kit/form-text-field';
import { CollectionAddButton, CollectionItemButton } from '../../components/catalogue-kit/collection-controls';

// Shared schema: a variant has at most 5 attributes (size, colour, ...).
const MAX_ATTRIBUTES = 5;

// An attribute is a name ("Size") and its value ("XL").
const ATTRIBUTE_PARTS = ['name', 'value'] as const;

/** The size/colour pairs of one variant, e.g. Size = XL, Colour = Black. */
export function VariantAttributesEditor({ variantIndex }: { variantIndex: number }) {
  const { t } = useTranslation();
  const { control } = useFormContext<TProductFormValues>();
  const { fields, append, remove } = useFieldArray({
    control,
    name: `variants.${variantIndex}.attributes`,
    keyName: 'key',
  });

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {fields.map((field, index) => (
        <Box key={field.key} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          {ATTRIBUTE_PARTS.map((part) => (
            <FormTextField<TProductFormValues>
              key={part}
              name={`variants.${variantIndex}.attributes.${index}.${part}`}
              label={t(`variants.attribute_${part}`)}
              placeholder={t(`variants.attribute_${part}_hint`)}
              sx={{ flex: 1, minWidth: 0 }}
            />
          ))}
          <CollectionItemButton
            title={t('variants.remove_attribute')}
            icon={<CloseIcon fontSize="small" />}
            onClick={() => remove(index)}
            sx={{ mt: 0.5 }}
          />
        </Box>
      ))}
      <CollectionAddButton
        count={fields.length}
        max={MAX_ATTRIBUTES}
        label={t('variants.add_attribute')}
        size="small"
        variant="text"
        onAdd={() => append({ name: '', value: '' })}
      />
    </Box>
  );
}
