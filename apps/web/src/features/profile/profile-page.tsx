import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import { SplitGrid } from '../../components/money-kit/split-grid';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageFrame } from '../../app/pages/page-frame';
import { useUserData } from '../../lib/use-session';
import { AvatarCard } from './avatar-card';
import { DetailsCard } from './details-card';
import { PasswordCard } from './password-card';
import { useProfileQuery } from './profile-api';
import { SessionsCard } from './sessions-card';
import { CardHeading } from '../../components/cards/card-heading';
import { RetryAlert } from '../../components/cards/retry-alert';

/** /dashboard/profile (issue 18.4, SPEC 2.2): the signed-in user's own account. */
export function ProfilePage() {
  const { t } = useTranslation();
  const profile = useProfileQuery();
  const user = useUserData();
  const canOpenSettings = Boolean(user?.permissions.includes('view shop-settings'));

  return (
    <PageFrame title={t('nav.profile')} subtitle={t('account.subtitle')}>
      {profile.isError ? (
        <RetryAlert retryLabel={t('account.retry')} onRetry={profile.refetch}>
          {t('account.load_failed')}
        </RetryAlert>
      ) : (
        <SplitGrid columns={{ xs: 'minmax(0, 1fr)', md: 'minmax(260px, 1fr) minmax(0, 2fr)' }}>
          <Box sx={{ display: 'grid', gap: 3 }}>
            {profile.data ? <AvatarCard profile={profile.data} /> : <Skeleton variant="rounded" height={260} />}
            {canOpenSettings && (
              <Paper sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5 }} data-testid="shop-settings-card">
                <CardHeading title={t('account.shop_settings_title')} help={t('account.shop_settings_help')} />
                <Button
                  component={RouterLink}
                  to="/dashboard/shop-settings"
                  variant="outlined"
                  startIcon={<TuneOutlinedIcon />}
                  sx={{ justifySelf: 'start' }}
                >
                  {t('account.open_shop_settings')}
                </Button>
              </Paper>
            )}
          </Box>
          <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
            {profile.data ? (
              <DetailsCard key={profile.data.id} profile={profile.data} />
            ) : (
              <Skeleton variant="rounded" height={320} />
            )}
            <PasswordCard />
            <SessionsCard />
          </Box>
        </SplitGrid>
      )}
    </PageFrame>
  );
}
