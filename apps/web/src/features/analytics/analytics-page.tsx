import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { ANALYTICS_VIEWS, addDays, localToday, type TAnalyticsView } from '@cod/shared';
import { PageFrame } from '../../app/pages/page-frame';
import { NotFoundPage } from '../../app/pages/not-found-page';
import { useUserData } from '../../lib/use-session';
import { AnalyticsFilters } from './analytics-filters';
import { AnalyticsGridView, DailyView, OverviewView } from './analytics-views';
import { useAnalyticsFilters } from './use-analytics-filters';

/** The views with a tab, in the order a seller reads them (iconnode redirects to the overview). */
const TABS: TAnalyticsView[] = ANALYTICS_VIEWS.filter((v) => v !== 'iconnode');

/** /dashboard/analytics, /analytics and /analytics/* (SPEC 2.3, issue 14.2). */
export function AnalyticsPage() {
  const { t } = useTranslation();
  const { section } = useParams();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const filters = useAnalyticsFilters();
  const user = useUserData();
  const view = (section ?? 'overview') as TAnalyticsView;
  if (!TABS.includes(view)) return <NotFoundPage />;
  const search = location.search;
  const hrefOf = (v: TAnalyticsView) => (v === 'overview' ? `/analytics${search}` : `/analytics/${v}${search}`);
  const seesAll = user?.permissions.includes('view all orders') ?? true;
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const day = params.get('day') ?? addDays(localToday(new Date(), timeZone), 0);

  const body = (() => {
    const query = filters.query;
    switch (view) {
      case 'overview':
        return <OverviewView query={query} />;
      case 'daily':
        return (
          <DailyView
            query={query}
            day={day}
            onDay={(next) =>
              setParams((current) => {
                const out = new URLSearchParams(current);
                out.set('day', next);
                return out;
              })
            }
          />
        );
      case 'iconnode':
        return null;
      default:
        return <AnalyticsGridView key={view} query={query} view={view} />;
    }
  })();

  return (
    <PageFrame
      title={view === 'overview' ? t('nav.analytics') : t(`analytics.sections.${view}`)}
      crumbs={view === 'overview' ? [] : [t('nav.analytics')]}
    >
      {/* A grid item of the page frame: minWidth 0 lets the scrollable tabs and charts shrink to the screen. */}
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
          <Tabs value={view} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile>
            {TABS.map((v) => (
              <Tab
                key={v}
                value={v}
                label={v === 'overview' ? t('analytics.overview') : t(`analytics.sections.${v}`)}
                component={Link}
                to={hrefOf(v)}
              />
            ))}
          </Tabs>
        </Box>
        {view !== 'daily' && <AnalyticsFilters filters={filters} showAgent={seesAll} />}
        {body}
      </Box>
    </PageFrame>
  );
}
