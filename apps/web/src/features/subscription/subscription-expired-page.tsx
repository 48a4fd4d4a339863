import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import { PRODUCT_NAME } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useLogout } from '../auth/use-logout';
import { useUserData } from '../../lib/use-session';
import { usePageProps } from '../../app/page-props/use-page-props';
import { ExportOrdersButton } from './export-orders';
import { PayNowButton } from './pay-now';
import { SupportWhatsAppButton } from './support-whatsapp-button';

/** SPEC 2.3 /subscription/expired: where a tenant without an active plan is sent. */
export function SubscriptionExpiredPage() {
  const { t } = useTranslation();
  const user = useUserData();
  const logout = useLogout();
  // Issue 19: a suspended shop reads why; an expired one how to renew.
  const { data } = usePageProps();
  const suspended = data?.tenant_payment_status.status === 'suspended';
  const title = t(suspended ? 'subscription.suspended_title' : 'subscription.expired_title');

  useEffect(() => {
    document.title = `${title} | ${PRODUCT_NAME}`;
  }, [title]);

  return (
    <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <Box sx={{ maxWidth: 520 }}>
        <EventBusyOutlinedIcon color="warning" sx={{ fontSize: 64, mb: 2 }} aria-hidden />
        <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {t(suspended ? 'subscription.suspended_message' : 'subscription.expired_message')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          {user && !suspended && <PayNowButton />}
          {user && <ExportOrdersButton />}
          <Button component={RouterLink} to="/" variant={user && !suspended ? 'outlined' : 'contained'}>
            {t('not_found.back_home')}
          </Button>
          {user && (
            <Button variant="outlined" onClick={() => logout.mutate()} disabled={logout.isPending}>
              {t('user_menu.logout')}
            </Button>
          )}
        </Stack>
      </Box>
      {user && <SupportWhatsAppButton />}
    </Box>
  );
}
