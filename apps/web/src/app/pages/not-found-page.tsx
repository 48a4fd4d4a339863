import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** SPEC 2.1: the catch-all page (blank layout). Home resolves to the dashboard or the login. */
export function NotFoundPage() {
  const { t } = useTranslation();

  useEffect(() => {
    document.title = `${t('not_found.title')} | ${PRODUCT_NAME}`;
  }, [t]);

  return (
    <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <Box sx={{ maxWidth: 480 }}>
        <Typography
          variant="h1"
          component="p"
          color="primary"
          sx={{ fontWeight: 700, fontSize: { xs: '4.5rem', sm: '6rem' } }}
          aria-hidden
        >
          404
        </Typography>
        <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 600 }}>
          {t('not_found.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {t('not_found.message')}
        </Typography>
        <Button component={RouterLink} to="/" variant="contained" size="large">
          {t('not_found.back_home')}
        </Button>
      </Box>
    </Box>
  );
}
