import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import { formatDZD, type TCallOutcome, type TOrderRow } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import { CustomerSummary } from '../customers/customer-summary';
import { useCustomerHistoryQuery } from '../customers/customers-api';
import { useOrderQuery } from '../orders/orders-api';
import { StatusChip } from '../orders/table/order-cells';
import { useCallCard } from './call-centre-api';
import { CallAttemptList } from './call-history';
import { OutcomePanel, outcomeOfKey } from './outcome-panel';
import { RiskBadge } from './risk-badge';
import { TelLink } from './tel-link';

interface TCallDialogProps {
  orderId: number;
  /** An outcome chosen by a key on the row before the dialog opened. */
  initialKey?: string;
  /** Whether this order came from the queue ("Next order"): N then asks for the next. */
  onNext: () => void;
  nextBusy: boolean;
  onClose: () => void;
}

/**
 * Issue 15.2: the agent's call screen for one order: whom to call (tel: links), the customer's
 * risk and previous orders (SPEC 3 customer summary), the order, the attempts so far, and the
 * outcome keys. N asks for the next order.
 */
export function CallDialog({ orderId, initialKey, onNext, nextBusy, onClose }: TCallDialogProps) {
  const { t } = useTranslation();
  const order = useOrderQuery(orderId);
  const card = useCallCard(orderId);
  const [recorded, setRecorded] = useState<TCallOutcome | null>(null);

  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      maxWidth="md"
      testId="call-dialog"
      title={
        order.data ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <span>{t('callcentre.dialog.title', { number: order.data.order_number })}</span>
            <StatusChip status={order.data.latest_status!.status} />
          </Box>
        ) : (
          t('callcentre.dialog.loading')
        )
      }
      actions={
        <>
          <Button onClick={onClose}>{t('common.close')}</Button>
          <Button
            variant="contained"
            startIcon={<SkipNextIcon />}
            onClick={onNext}
            disabled={nextBusy}
            data-testid="call-next"
            aria-keyshortcuts="N"
          >
            {t('callcentre.queue.next')}
          </Button>
        </>
      }
    >
      {!order.data || !card.data ? (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <Skeleton variant="rounded" height={64} />
          <Skeleton variant="rounded" height={120} />
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 2.5 }} data-order-id={orderId}>
          <CustomerBlock order={order.data} />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <RiskBadge risk={card.data.risk} size="dialog" />
            {card.data.risk.level === 'low' && (
              <Typography variant="caption" color="text.secondary">
                {t('callcentre.risk.low_hint')}
              </Typography>
            )}
          </Box>
          {recorded && (
            <Alert severity="success" data-testid="call-recorded">
              {t('callcentre.dialog.recorded', { outcome: t(`callcentre.outcomes.${recorded}`) })}
            </Alert>
          )}
          <OutcomePanel
            key={orderId}
            orderId={orderId}
            callbackSuggestion={card.data.callback_suggestion}
            initialOutcome={initialKey ? outcomeOfKey(initialKey) : undefined}
            withKeys
            onRecorded={setRecorded}
          />
          <Section title={t('callcentre.dialog.previous_orders')}>
            <PreviousOrders phone={order.data.customer_phone_1} />
          </Section>
          <Section title={t('callcentre.history.title')}>
            <CallAttemptList attempts={card.data.attempts} />
          </Section>
        </Box>
      )}
    </ResponsiveDialog>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function CustomerBlock({ order }: { order: TOrderRow }) {
  const { t, i18n } = useTranslation();
  const arabic = i18n.language === 'ar';
  return (
    <Box sx={{ display: 'grid', gap: 0.75 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="p" data-testid="call-customer">
          <bdi>{order.customer_full_name}</bdi>
        </Typography>
        {order.is_blocked && <Chip size="small" color="error" icon={<BlockIcon />} label={t('orders.flags.blocked')} />}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', fontSize: '1.1rem' }}>
        <TelLink phone={order.customer_phone_1} testId="call-phone" />
        {order.customer_phone_2 && <TelLink phone={order.customer_phone_2} />}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {`${arabic ? order.state.name_ar : order.state.name} — ${arabic ? order.city.name_ar : order.city.name}`}
        {order.customer_address ? ` · ${order.customer_address}` : ''}
      </Typography>
      <Typography variant="body2">
        {order.products
          .map((line) => `${line.quantity} × ${line.product_name}${line.variant_name ? ` (${line.variant_name})` : ''}`)
          .join(', ')}
        {' · '}
        <Box component="bdi" sx={{ fontWeight: 600 }}>
          {formatDZD(order.total)}
        </Box>
      </Typography>
      {order.note && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {order.note}
        </Typography>
      )}
    </Box>
  );
}

function PreviousOrders({ phone }: { phone: string }) {
  const history = useCustomerHistoryQuery(phone);
  return <CustomerSummary history={history.data} />;
}
