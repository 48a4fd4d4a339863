import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import { AVATAR_MAX_BYTES, m, type TProfile } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../layouts/components/user-avatar';
import { errorMessage } from '../../lib/server-errors';
import { ApiError } from '../../lib/api-client';
import { fieldMessages, translateServerMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';
import { useRemoveAvatar, useUploadAvatar } from './profile-api';

/** The picture (issue 18.4): checked and cropped by the server; the size is checked here first. */
export function AvatarCard({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  const failed = (cause: unknown) => {
    const field = cause instanceof ApiError ? fieldMessages(cause).avatar?.[0] : undefined;
    setError(field ? translateServerMessage(t, field) : errorMessage(t, cause));
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > AVATAR_MAX_BYTES) {
      setError(translateServerMessage(t, m('profile.avatar_too_large', { max: AVATAR_MAX_BYTES / 1024 / 1024 })));
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
    <Paper sx={{ p: { xs: 2, sm: 3 }, display: 'grid', justifyItems: 'center', gap: 1.5, textAlign: 'center' }}>
      <UserAvatar name={profile.name} src={profile.avatar_url} size={112} />
      <Box sx={{ minWidth: 0, maxWidth: '100%' }}>
        <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {profile.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {profile.email}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {profile.role}
        </Typography>
      </Box>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        hidden
        data-testid="avatar-input"
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
        <Button
          variant="contained"
          startIcon={<PhotoCameraOutlinedIcon />}
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          {t('account.upload_picture')}
        </Button>
        {profile.avatar_url && (
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
            {t('account.remove_picture')}
          </Button>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {t('account.picture_help')}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ width: '100%', textAlign: 'start' }} data-testid="avatar-error">
          {error}
        </Alert>
      )}
    </Paper>
  );
}
