import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { subscriptionDaysLeft, subscriptionTone, type TAgentQueue, type TDaySummary } from '@cod/shared';
import { SplitGrid } from '../../components/money-kit/split-grid';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePageProps } from '../../app/page-props/use-page-props';
import { useUserData } from '../../lib/use-session';
import { useNumberFormats } from '../daily-report/number-formats';
import { fetchHomeNumbers, reportKeys } from '../daily-report/reports-api';
import { StatCard, StatGrid } from '../daily-report/stat-card';

/**
 * The home page's numbers (issue 14.3): an agent's own queue, the shop's day for those who see
 * every order, the products under their low-stock threshold and the subscription.
 */
export function HomeToday() {
  const { t } = useTranslation();
  const home = useQuery({ queryKey: reportKeys.home, queryFn: ({ signal }) => fetchHomeNumbers(signal) });

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {home.isPending && <Skeleton variant="rounded" height={120} aria-label={t('reports.today.title')} />}
      {home.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void home.refetch()}>
              {t('reports.today.retry')}
            </Button>
          }
        >
          {t('reports.today.load_failed')}
        </Alert>
      )}
      {home.data?.queue && <AgentQueue queue={home.data.queue} />}
      {home.data?.shop && <ShopDay day={home.data.shop} />}
      <SplitGrid gap={2} columns={{ xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' }}>
        <LowStock />
        <Subscription />
      </SplitGrid>
    </Box>
  );
}

function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 1.5 }}>
        <Typography id={id} variant="h6" component="h2">
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Box>
  );
}

function AgentQueue({ queue }: { queue: TAgentQueue }) {
  const { t } = useTranslation();
  const f = useNumberFormats();
  const orders = '/dashboard/orders?tab=inProcess';
  const commission = queue.commission;
  return (
    <Section id="home-queue" title={t('reports.today.my_queue')}>
      <StatGrid>
        <StatCard
          testId="home-to-call"
          label={t('reports.today.to_call')}
          value={f.count(queue.to_call)}
          hint={t('reports.today.to_call_hint')}
          to={orders}
        />
        <StatCard
          testId="home-callbacks-due"
          label={t('reports.today.callbacks_due')}
          value={f.count(queue.callbacks_due)}
          hint={t('reports.today.callbacks_due_hint')}
          tone={queue.callbacks_due > 0 ? 'warning' : 'default'}
          to={orders}
        />
        <StatCard
          testId="home-confirmed-today"
          label={t('reports.today.confirmed_today')}
          value={f.count(queue.confirmed_today)}
          tone={queue.confirmed_today > 0 ? 'success' : 'default'}
        />
        <StatCard
          testId="home-commission"
          label={t('reports.today.commission')}
          value={commission.type === 'none' ? '—' : f.money(commission.earned)}
          to={commission.type === 'none' ? undefined : '/dashboard/commissions'}
          hint={
            commission.type === 'none'
              ? t('reports.today.commission_none')
              : t(`reports.today.commission_on_${commission.on}`, { count: commission.orders })
          }
        />
      </StatGrid>
    </Section>
  );
}

function ShopDay({ day }: { day: TDaySummary }) {
  const { t } = useTranslation();
  const f = useNumberFormats();
  const user = useUserData();
  const canReport = user?.permissions.includes('view all orders') ?? false;
  const canSeeCommissions = user?.permissions.includes('view accounting') ?? false;
  return (
    <Section
      id="home-shop-day"
      title={t('reports.today.shop_day')}
      action={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {/* Issue 13.5: the agents' commissions of the month, for the accounting side. */}
          {canSeeCommissions && (
            <Button component={RouterLink} to="/dashboard/commissions" size="small" variant="text">
              {t('pages.commissions')}
            </Button>
          )}
          {canReport && (
            <Button component={RouterLink} to="/reports/daily" size="small" variant="outlined">
              {t('reports.daily.open_full_report')}
            </Button>
          )}
        </Box>
      }
    >
      <StatGrid>
        <StatCard testId="home-created" label={t('reports.metrics.created')} value={f.count(day.created)} />
        <StatCard testId="home-confirmed" label={t('reports.metrics.confirmed')} value={f.count(day.confirmed)} />
        <StatCard label={t('reports.metrics.dispatched')} value={f.count(day.dispatched)} />
        <StatCard label={t('reports.metrics.delivered')} value={f.count(day.delivered)} />
        <StatCard label={t('reports.metrics.returned')} value={f.count(day.returned)} />
        <StatCard
          label={t('reports.metrics.confirmation_rate')}
          value={f.percent(day.confirmation_rate)}
          hint={t('reports.metrics.rate_hint_confirmation')}
        />
        <StatCard
          label={t('reports.metrics.delivery_rate')}
          value={f.percent(day.delivery_rate)}
          hint={t('reports.metrics.rate_hint_delivery')}
        />
        <StatCard
          testId="home-revenue"
          label={t('reports.metrics.revenue_delivered')}
          value={f.money(day.revenue_delivered)}
        />
      </StatGrid>
    </Section>
  );
}

function LowStock() {
  const { t } = useTranslation();
  const f = useNumberFormats();
  const { data } = usePageProps();
  const user = useUserData();
  const products = data?.lowStockProducts ?? [];
  if (!data) return <span />;
  return (
    <Card variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2 }}>
        <Typography id="home-low-stock" variant="h6" component="h2">
          {t('reports.low_stock.title')}
        </Typography>
        {user?.permissions.includes('view stock') && (
          <Link component={RouterLink} to="/dashboard/stock" variant="body2">
            {t('reports.low_stock.open')}
          </Link>
        )}
      </Box>
      {products.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('reports.low_stock.none')}
        </Typography>
      ) : (
        <List dense aria-labelledby="home-low-stock" sx={{ mt: 0.5 }}>
          {products.slice(0, 8).map((product) => (
            <ListItem key={product.id} disableGutters divider>
              <ListItemText
                primary={<bdi>{product.name}</bdi>}
                secondary={t('reports.low_stock.left', {
                  count: product.current_stock,
                  threshold: f.count(product.low_stock_threshold),
                })}
                slotProps={{ secondary: { color: product.current_stock <= 0 ? 'error' : 'warning.main' } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Card>
  );
}

function Subscription() {
  const { t, i18n } = useTranslation();
  const { data } = usePageProps();
  const status = data?.tenant_payment_status;
  if (!status) return <span />;
  const days = Math.max(subscriptionDaysLeft(status.valid_to), 0);
  const tone = subscriptionTone(days);
  const known = ['active', 'trialing', 'past_due', 'expired', 'suspended'].includes(status.status);
  const validTo = status.valid_to
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(status.valid_to))
    : t('common.none');
  return (
    <Card variant="outlined" sx={{ p: 2 }} data-testid="home-subscription">
      <Typography variant="h6" component="h2">
        {t('reports.subscription.title')}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('subscription.plan', { plan: status.plan ?? t('common.none') })}
      </Typography>
      <Typography variant="body2">
        {t('reports.subscription.status', {
          status: t(`reports.subscription.statuses.${known ? status.status : 'inactive'}`),
        })}
      </Typography>
      <Typography variant="body2">{t('subscription.valid_to', { date: validTo })}</Typography>
      <Typography variant="body2" color={`${tone}.main`} sx={{ fontWeight: 600, mt: 0.5 }}>
        {t('subscription.days_left', { count: days })}
      </Typography>
    </Card>
  );
}
