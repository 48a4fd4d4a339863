import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../layouts/components/user-avatar';
import { SUPPORT_AGENT_ROLE } from '../../lib/roles';
import { useUserData } from '../../lib/use-session';
import { PageFrame } from '../../app/pages/page-frame';

/** SPEC 3 signed-in user, read-only until profile editing is built. */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useUserData();
  if (!user) return null;

  const rows: [string, string][] = [
    [t('profile.name'), user.name],
    [t('profile.email'), user.email],
    [t('profile.role'), user.role],
  ];
  if (user.role === SUPPORT_AGENT_ROLE && user.commission_type) {
    rows.push([t('profile.commission_type'), user.commission_type]);
  }

  return (
    <PageFrame title={t('nav.profile')}>
      <Paper sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 3 }}>
        <UserAvatar name={user.name} src={user.avatar_url} size={88} />
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { sm: 'max-content 1fr' },
            columnGap: 3,
            rowGap: 1.5,
            minWidth: 0,
          }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>
    </PageFrame>
  );
}
