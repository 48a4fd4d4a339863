import Button from '@mui/material/Button';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from './empty-state';
import { PageFrame } from './page-frame';

/** Shown in place of a page the user's abilities do not cover (SPEC 6); the server enforces too. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('forbidden.title')}>
      <EmptyState
        icon={<LockOutlinedIcon fontSize="large" />}
        title={t('forbidden.title')}
        message={t('forbidden.message')}
        action={
          <Button component={RouterLink} to="/dashboard" variant="contained">
            {t('not_found.back_home')}
          </Button>
        }
      />
    </PageFrame>
  );
}
