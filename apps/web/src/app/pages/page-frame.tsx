import { useEffect, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { PRODUCT_NAME } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

interface TPageFrameProps {
  title: string;
  /** Labels between Home and the page, already translated. */
  crumbs?: string[];
  subtitle?: string;
  actions?: ReactNode;
  children: ReactNode;
  /** Whether Home leads the trail (not on the home page itself, nor outside the dashboard). */
  homeCrumb?: boolean;
  /** The last crumb's label when it differs from the title (the home page's greeting). */
  crumbTitle?: string;
}

/** Title, breadcrumbs and the page body: the frame every screen shares. */
export function PageFrame({
  title,
  crumbs = [],
  subtitle,
  actions,
  children,
  homeCrumb = true,
  crumbTitle,
}: TPageFrameProps) {
  const { t } = useTranslation();

  useEffect(() => {
    document.title = `${title} | ${PRODUCT_NAME}`;
  }, [title]);

  return (
    <Box component="section" aria-labelledby="page-title" sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: 2 }}>
        <Box sx={{ minWidth: 0 }}>
          <Breadcrumbs
            aria-label={t('common.breadcrumbs')}
            separator={
              <NavigateNextIcon
                fontSize="small"
                sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }}
              />
            }
            sx={{ mb: 0.5 }}
          >
            {homeCrumb && (
              <Link component={RouterLink} to="/dashboard" underline="hover" color="inherit">
                {t('nav.home')}
              </Link>
            )}
            {crumbs.map((crumb) => (
              <Typography key={crumb} color="text.secondary">
                {crumb}
              </Typography>
            ))}
            <Typography color="text.primary" aria-current="page">
              {crumbTitle ?? title}
            </Typography>
          </Breadcrumbs>
          <Typography id="page-title" variant="h4" component="h1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions}
      </Box>
      {children}
    </Box>
  );
}
