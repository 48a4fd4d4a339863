import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import type { TProductFormValues } from '@cod/shared';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../../lib/server-message';

// Shared schema: a variant has at most 5 attributes (size, colour, ...).
const MAX_ATTRIBUTES = 5;

/** The size/colour pairs of one variant, e.g. Size = XL, Colour = Black. */
export function VariantAttributesEditor({ variantIndex }: { variantIndex: number }) {
  const { t } = useTranslation();
  const { control, register, formState } = useFormContext<TProductFormValues>();
  const { fields, append, remove } = useFieldArray({
    control,
    name: `variants.${variantIndex}.attributes`,
    keyName: 'key',
  });
  const errors = formState.errors.variants?.[variantIndex]?.attributes;

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {fields.map((field, index) => {
        const nameError = translateServerMessage(t, errors?.[index]?.name?.message);
        const valueError = translateServerMessage(t, errors?.[index]?.value?.message);
        return (
          <Box key={field.key} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              {...register(`variants.${variantIndex}.attributes.${index}.name`)}
              size="small"
              label={t('variants.attribute_name')}
              placeholder={t('variants.attribute_name_hint')}
              error={Boolean(nameError)}
              helperText={nameError}
              sx={{ flex: 1, minWidth: 0 }}
            />
            <TextField
              {...register(`variants.${variantIndex}.attributes.${index}.value`)}
              size="small"
              label={t('variants.attribute_value')}
              placeholder={t('variants.attribute_value_hint')}
              error={Boolean(valueError)}
              helperText={valueError}
              sx={{ flex: 1, minWidth: 0 }}
            />
            <Tooltip title={t('variants.remove_attribute')}>
              <IconButton aria-label={t('variants.remove_attribute')} onClick={() => remove(index)} sx={{ mt: 0.5 }}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        );
      })}
      {fields.length < MAX_ATTRIBUTES && (
        <Box>
          <Button size="small" startIcon={<AddIcon />} onClick={() => append({ name: '', value: '' })}>
            {t('variants.add_attribute')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
