import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { APP_VERSION, LAST_RELEASE, PRODUCT_NAME } from '@cod/shared';
import { useTranslation } from 'react-i18next';

/** SPEC 1: current year, product name, 'All rights reserved', v2.1, 'Last release 28/10/2025'. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1,
        paddingInlineStart: { xs: 2, sm: 3 },
        // Room for the floating WhatsApp button at the inline end (SPEC 1).
        paddingInlineEnd: 11,
        py: 2,
        color: 'text.secondary',
      }}
    >
      <Typography variant="body2" data-testid="footer-copyright">
        {t('footer.copyright', { year: new Date().getFullYear(), product: PRODUCT_NAME })}
      </Typography>
      <Typography variant="body2" data-testid="footer-release" sx={{ display: 'flex', gap: 1.5 }}>
        <span dir="ltr">{APP_VERSION}</span>
        <span>{t('footer.last_release', { date: LAST_RELEASE })}</span>
      </Typography>
    </Box>
  );
}
