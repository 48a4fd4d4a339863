import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import UploadOutlinedIcon from '@mui/icons-material/UploadOutlined';
import { LOGO_MAX_BYTES, m } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/server-errors';
import { fieldMessages, translateServerMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';
import { useRemoveLogo, useUploadLogo } from './shop-settings-api';

/** The shop's logo (issue 18.5): printed on parcel labels; checked and resized by the server. */
export function LogoField({ url, canEdit }: { url: string | null; canEdit: boolean }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  const failed = (cause: unknown) => {
    const field = cause instanceof ApiError ? fieldMessages(cause).logo?.[0] : undefined;
    setError(field ? translateServerMessage(t, field) : errorMessage(t, cause));
  };
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > LOGO_MAX_BYTES) {
      setError(translateServerMessage(t, m('shop_settings.logo_too_large', { max: LOGO_MAX_BYTES / 1024 / 1024 })));
      return;
    }
    try {
      const answer = await upload.mutateAsync(file);
      void toast(translateServerMessage(t, answer), { variant: 'success' });
    } catch (cause) {
      failed(cause);
    }
  };

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
            <input
              ref={input}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              hidden
              data-testid="logo-input"
              onChange={(event) => {
                void choose(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            <Button
              variant="outlined"
              startIcon={<UploadOutlinedIcon />}
              disabled={busy}
              onClick={() => input.current?.click()}
            >
              {t('shop_settings.upload_logo')}
            </Button>
            {url && (
              <Button
                color="error"
                disabled={busy}
                onClick={() => {
                  setError(null);
                  remove.mutate(undefined, {
                    onSuccess: (answer) => void toast(translateServerMessage(t, answer), { variant: 'success' }),
                    onError: failed,
                  });
                }}
              >
                {t('shop_settings.remove_logo')}
              </Button>
            )}
          </Box>
        )}
        {error && <Alert severity="error">{error}</Alert>}
      </Box>
    </Box>
  );
}
