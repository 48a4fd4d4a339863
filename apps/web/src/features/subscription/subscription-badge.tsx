import { lazy, Suspense, useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import WarningAmberRoundedIcon from '@mui/icons-material/WarningAmberRounded';
import { shouldAutoOpenSubscription, subscriptionDaysLeft, subscriptionTone } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { usePageProps } from '../../app/page-props/use-page-props';
import { useCheckoutReturn } from './checkout-return';

const SubscriptionDialog = lazy(() => import('./subscription-dialog').then((m) => ({ default: m.SubscriptionDialog })));

// SPEC 4: the dialog opens by itself once per page load (and user), not on every navigation.
let autoOpenedForUser: number | null = null;

/** SPEC 4: days left, warning tone under 30 days, opens the subscription status dialog. */
export function SubscriptionBadge() {
  const { t } = useTranslation();
  const { data } = usePageProps();
  const [open, setOpen] = useState(false);
  const status = data?.tenant_payment_status;
  const daysLeft = status ? subscriptionDaysLeft(status.valid_to) : 0;

  const userId = data?.auth.user.id ?? null;
  useCheckoutReturn();

  useEffect(() => {
    if (!status || userId === null || autoOpenedForUser === userId) return;
    if (shouldAutoOpenSubscription(status, daysLeft)) {
      autoOpenedForUser = userId;
      setOpen(true);
    }
  }, [status, daysLeft, userId]);

  if (!status) return null;
  const tone = subscriptionTone(daysLeft);
  const Icon = tone === 'warning' ? WarningAmberRoundedIcon : VerifiedOutlinedIcon;
  const label = t('subscription.days_left', { count: Math.max(daysLeft, 0) });

  return (
    <>
      <Tooltip title={t('subscription.status_title')}>
        <Button
          color={tone}
          variant="outlined"
          size="small"
          startIcon={<Icon />}
          onClick={() => setOpen(true)}
          aria-label={t('subscription.open', { label })}
          sx={{ display: { xs: 'none', md: 'inline-flex' }, whiteSpace: 'nowrap', mx: 0.5 }}
        >
          {label}
        </Button>
      </Tooltip>
      <IconButton
        color={tone}
        onClick={() => setOpen(true)}
        aria-label={t('subscription.open', { label })}
        sx={{ display: { xs: 'inline-flex', md: 'none' } }}
      >
        <Icon />
      </IconButton>
      {open && (
        <Suspense fallback={null}>
          <SubscriptionDialog status={status} daysLeft={daysLeft} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
