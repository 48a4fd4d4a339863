import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CentredMessage } from './centred-message';

/** SPEC 2.1: the catch-all page (blank layout). Home resolves to the dashboard or the login. */
export function NotFoundPage() {
  const { t } = useTranslation();

  useEffect(() => {
    document.title = `${t('not_found.title')} | ${PRODUCT_NAME}`;
  }, [t]);

  return (
    <CentredMessage
      above={
        <Typography
          variant="h1"
          component="p"
          color="primary"
          sx={{ fontWeight: 700, fontSize: { xs: '4.5rem', sm: '6rem' } }}
          aria-hidden
        >
          404
        </Typography>
      }
      title={t('not_found.title')}
      message={t('not_found.message')}
      action={
        <Button component={RouterLink} to="/" variant="contained" size="large">
          {t('not_found.back_home')}
        </Button>
      }
    />
  );
}
