import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import UploadOutlinedIcon from '@mui/icons-material/UploadOutlined';
import { LOGO_MAX_BYTES } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useImageUpload } from '../../components/uploads/use-image-upload';
import { useRemoveLogo, useUploadLogo } from './shop-settings-api';

/** The shop's logo (issue 18.5): printed on parcel labels; checked and resized by the server. */
export function LogoField({ url, canEdit }: { url: string | null; canEdit: boolean }) {
  const { t } = useTranslation();
  const image = useImageUpload({
    field: 'logo',
    maxBytes: LOGO_MAX_BYTES,
    tooLarge: 'shop_settings.logo_too_large',
    upload: useUploadLogo(),
    remove: useRemoveLogo(),
  });

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <Box
        sx={{
          width: 160,
          height: 80,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'background.default',
          overflow: 'hidden',
        }}
      >
        {url ? (
          <Box
            component="img"
            src={url}
            alt={t('shop_settings.logo')}
            data-testid="shop-logo"
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
        ) : (
          <StorefrontOutlinedIcon color="disabled" fontSize="large" />
        )}
      </Box>
      <Box sx={{ display: 'grid', gap: 1, minWidth: 0, flex: '1 1 200px' }}>
        <Typography variant="body2" color="text.secondary">
          {t('shop_settings.logo_help')}
        </Typography>
        {canEdit && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {image.fileInput('logo-input')}
            <Button variant="outlined" startIcon={<UploadOutlinedIcon />} disabled={image.busy} onClick={image.pick}>
              {t('shop_settings.upload_logo')}
            </Button>
            {url && (
              <Button color="error" disabled={image.busy} onClick={image.removeImage}>
                {t('shop_settings.remove_logo')}
              </Button>
            )}
          </Box>
        )}
        {image.error && <Alert severity="error">{image.error}</Alert>}
      </Box>
    </Box>
  );
}
