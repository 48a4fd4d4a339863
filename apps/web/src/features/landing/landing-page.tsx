import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import { PRODUCT_NAME, type TPublicPlan } from '@cod/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AppQueryProvider } from '../../app/query-provider';
import { central } from '../central/central-api';
import { LoadState, money } from '../central/central-ui';

const FEATURES = ['f_orders', 'f_shipping', 'f_stock', 'f_money'] as const;

/** /central/auth/landingpage (issue 19.5): what the product does and the plans from the database. */
export function LandingPage() {
  // The guest frame has no query client (the sign-in's first paint does without it): this page brings it.
  return (
    <AppQueryProvider>
      <LandingPageContent />
    </AppQueryProvider>
  );
}

function LandingPageContent() {
  const { t } = useTranslation();
  const plans = useQuery({
    queryKey: ['public', 'plans'],
    queryFn: ({ signal }) => central.get<{ data: TPublicPlan[] }>('/central/public/plans', signal),
  });
  return (
    <Box sx={{ width: '100%', maxWidth: 1100, mx: 'auto', py: { xs: 2, md: 4 } }}>
      <Stack spacing={2} sx={{ textAlign: 'center', alignItems: 'center', mb: { xs: 4, md: 6 } }}>
        <Typography variant="h3" component="h1" sx={{ fontWeight: 700, fontSize: { xs: 28, md: 44 } }}>
          {t('central.landing.headline')}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 720, fontSize: { md: 18 } }}>
          {t('central.landing.intro', { product: PRODUCT_NAME })}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1, width: { xs: '100%', sm: 'auto' } }}>
          <Button component={RouterLink} to="/central/auth/register" variant="contained" size="large">
            {t('central.landing.register')}
          </Button>
          <Button component={RouterLink} to="/login" variant="outlined" size="large">
            {t('central.landing.sign_in')}
          </Button>
        </Stack>
      </Stack>

      <Typography variant="h5" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
        {t('central.landing.features_title')}
      </Typography>
      <Grid container spacing={2} sx={{ mb: { xs: 4, md: 6 } }}>
        {FEATURES.map((key) => (
          <Grid key={key} size={{ xs: 12, sm: 6 }}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              <CheckCircleOutlineIcon color="success" aria-hidden />
              <Typography>{t(`central.landing.${key}`)}</Typography>
            </Stack>
          </Grid>
        ))}
      </Grid>

      <Typography variant="h5" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
        {t('central.landing.plans_title')}
      </Typography>
      <LoadState
        loading={plans.isPending}
        error={plans.error}
        empty={(plans.data?.data ?? []).length === 0}
        onRetry={() => void plans.refetch()}
        emptyTitle={t('central.landing.plans_failed')}
      >
        <Grid container spacing={2}>
          {(plans.data?.data ?? []).map((plan) => (
            <Grid key={plan.id} size={{ xs: 12, sm: 6, md: 3 }}>
              <Card variant="outlined" sx={{ height: '100%' }} data-testid="landing-plan">
                <CardContent>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
                    <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
                      {plan.name}
                    </Typography>
                    {plan.is_trial && <Chip size="small" color="info" label={t('central.status.trialing')} />}
                  </Stack>
                  {plan.is_trial ? (
                    <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
                      {t('central.landing.trial_days', { count: plan.duration_days })}
                    </Typography>
                  ) : (
                    <>
                      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
                        {money(plan.price_month)}{' '}
                        <Typography component="span" color="text.secondary">
                          {t('central.landing.per_month')}
                        </Typography>
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {t('central.landing.per_year', { amount: money(plan.price_year) })}
                      </Typography>
                    </>
                  )}
                  <Stack spacing={0.5} sx={{ mt: 2 }}>
                    <Typography variant="body2">
                      {plan.max_orders_per_month === null
                        ? t('central.landing.unlimited_orders')
                        : t('central.landing.orders_limit', { limit: plan.max_orders_per_month.toLocaleString() })}
                    </Typography>
                    <Typography variant="body2">
                      {plan.max_users === null
                        ? t('central.landing.unlimited_users')
                        : t('central.landing.users_limit', { limit: plan.max_users })}
                    </Typography>
                  </Stack>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </LoadState>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        {t('central.landing.pay_methods')}
      </Typography>
    </Box>
  );
}
