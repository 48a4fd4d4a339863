import { useEffect, useId, useMemo } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useTranslation } from 'react-i18next';

// The server's limits (decision 0011): 5 MB, JPEG/PNG/WebP/GIF, re-encoded there.
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/** What the user chose: a new file, removing the current picture, or nothing. */
export interface TImageChoice {
  file: File | null;
  remove: boolean;
}

/** The reason a picked file cannot be sent, as a locale key, or null. */
export function imageProblem(file: File): 'products.image_type' | 'products.image_too_large' | null {
  if (!IMAGE_TYPES.includes(file.type)) return 'products.image_type';
  if (file.size > MAX_IMAGE_BYTES) return 'products.image_too_large';
  return null;
}

interface TProductImageFieldProps {
  currentUrl: string | null;
  value: TImageChoice;
  onChange: (choice: TImageChoice) => void;
  error?: string;
}

/** Picture with preview; uploaded after the product is saved (the upload needs the product id). */
export function ProductImageField({ currentUrl, value, onChange, error }: TProductImageFieldProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const preview = useMemo(() => (value.file ? URL.createObjectURL(value.file) : null), [value.file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? (value.remove ? null : currentUrl);

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <Avatar
        variant="rounded"
        src={shown ?? undefined}
        alt={shown ? t('products.image_preview') : ''}
        sx={{ width: 96, height: 96, bgcolor: 'action.hover', color: 'text.secondary' }}
      >
        <AddPhotoAlternateOutlinedIcon fontSize="large" />
      </Avatar>
      <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
        <Typography variant="subtitle2">{t('products.image')}</Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button component="label" htmlFor={inputId} variant="outlined" size="small">
            {shown ? t('products.image_change') : t('products.image_choose')}
          </Button>
          <input
            id={inputId}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            hidden
            data-testid="product-image-input"
            onChange={(event) => {
              const file = event.target.files?.[0] ?? null;
              if (file) onChange({ file, remove: false });
              event.target.value = '';
            }}
          />
          {shown && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutlineIcon />}
              onClick={() => onChange({ file: null, remove: Boolean(currentUrl) })}
            >
              {t('products.image_remove')}
            </Button>
          )}
        </Box>
        <FormHelperText error={Boolean(error)} sx={{ m: 0 }}>
          {error ?? t('products.image_help')}
        </FormHelperText>
      </Box>
    </Box>
  );
}
