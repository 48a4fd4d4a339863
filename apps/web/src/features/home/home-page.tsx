import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { NavIcon } from '../../app/navigation/nav-icons';
import { useVisibleLinks } from '../../app/navigation/use-visible-navigation';
import { PageFrame } from '../../app/pages/page-frame';
import { useUserData } from '../../lib/use-session';
import { HomeToday } from './home-today';

/**
 * /dashboard: a greeting, today's numbers (issue 14.3: the agent's queue or the shop's day, low
 * stock, the subscription) and one card per section this user can open (SPEC 2.2 'home').
 */
export function HomePage() {
  const { t } = useTranslation();
  const user = useUserData();
  const sections = useVisibleLinks().filter((link) => link.slug !== 'home');
  const firstName = user?.name.split(' ')[0] ?? '';

  return (
    <PageFrame
      title={t('home.greeting', { name: firstName })}
      subtitle={t('home.subtitle')}
      homeCrumb={false}
      crumbTitle={t('nav.home')}
    >
      <HomeToday />
      <Box component="section" aria-labelledby="home-sections">
        <Typography id="home-sections" variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('home.sections_title')}
        </Typography>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))',
          }}
        >
          {sections.map((link) => (
            <li key={link.to + link.title}>
              <Card sx={{ height: '100%' }}>
                <CardActionArea
                  component={RouterLink}
                  to={link.to}
                  sx={{
                    p: 2.5,
                    height: '100%',
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'flex-start',
                    gap: 2,
                  }}
                >
                  <Box
                    aria-hidden
                    sx={{
                      display: 'grid',
                      placeItems: 'center',
                      flexShrink: 0,
                      width: 44,
                      height: 44,
                      borderRadius: 1.5,
                      bgcolor: 'action.selected',
                      color: 'primary.main',
                    }}
                  >
                    <NavIcon name={link.icon} fontSize="medium" />
                  </Box>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="subtitle1" sx={{ fontWeight: 600 }} noWrap>
                      {t(`nav.${link.title}`)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t(`home.descriptions.${link.title}`)}
                    </Typography>
                  </Box>
                </CardActionArea>
              </Card>
            </li>
          ))}
        </Box>
      </Box>
    </PageFrame>
  );
}
