import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import { AVATAR_MAX_BYTES, type TProfile } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useImageUpload } from '../../components/uploads/use-image-upload';
import { UserAvatar } from '../../layouts/components/user-avatar';
import { useRemoveAvatar, useUploadAvatar } from './profile-api';

/** The picture (issue 18.4): checked and cropped by the server; the size is checked here first. */
export function AvatarCard({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  const image = useImageUpload({
    field: 'avatar',
    maxBytes: AVATAR_MAX_BYTES,
    tooLarge: 'profile.avatar_too_large',
    upload: useUploadAvatar(),
    remove: useRemoveAvatar(),
  });

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
      {image.fileInput('avatar-input')}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
        <Button variant="contained" startIcon={<PhotoCameraOutlinedIcon />} disabled={image.busy} onClick={image.pick}>
          {t('account.upload_picture')}
        </Button>
        {profile.avatar_url && (
          <Button color="error" disabled={image.busy} onClick={image.removeImage}>
            {t('account.remove_picture')}
          </Button>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {t('account.picture_help')}
      </Typography>
      {image.error && (
        <Alert severity="error" sx={{ width: '100%', textAlign: 'start' }} data-testid="avatar-error">
          {image.error}
        </Alert>
      )}
    </Paper>
  );
}
