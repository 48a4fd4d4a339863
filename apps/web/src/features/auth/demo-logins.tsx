import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

// The demo seed's accounts (apps/server seed); this build is the public demo, so they are listed.
const DEMO_EMAILS = ['owner@demo.dz', 'manager@demo.dz', 'agent@demo.dz'];
const DEMO_PASSWORD = 'demo12345';

export function DemoLogins() {
  const { t } = useTranslation();
  return (
    <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
      {t('auth.demo_hint', { emails: DEMO_EMAILS.join(', '), password: DEMO_PASSWORD })}
    </Typography>
  );
}
