import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HourglassTopOutlinedIcon from '@mui/icons-material/HourglassTopOutlined';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';

/** /central/auth/successpage (issue 19.5): on the waiting list, or the shop created at once. */
export function RegisterSuccessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const created = params.get('status') === 'created';
  const Icon = created ? MarkEmailReadOutlinedIcon : HourglassTopOutlinedIcon;
  return (
    <Paper sx={{ p: { xs: 3, sm: 5 }, width: '100%', maxWidth: 520, textAlign: 'center' }}>
      <Box>
        <Icon color={created ? 'success' : 'primary'} sx={{ fontSize: 64, mb: 2 }} aria-hidden />
      </Box>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }} data-testid="register-success-title">
        {t(created ? 'central.success.created_title' : 'central.success.waiting_title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t(created ? 'central.success.created_message' : 'central.success.waiting_message')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
        <Button component={RouterLink} to="/central/auth/landingpage" variant="outlined">
          {t('central.success.back')}
        </Button>
        <Button component={RouterLink} to="/login" variant="contained">
          {t('central.success.sign_in')}
        </Button>
      </Stack>
    </Paper>
  );
}
