import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { getContrastRatio } from '@mui/material/styles';
import BlockIcon from '@mui/icons-material/Block';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import HistoryIcon from '@mui/icons-material/History';
import type { TOrderRow, TOrderStatusRef } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '../../customers/format-phone';
import { RiskBadge } from '../../call-centre/risk-badge';
import { TelLink } from '../../call-centre/tel-link';
import { useStatusLabel } from '../../statuses/status-label';
import { formatDateTime, formatLocalDateTime, formatTimeAgo } from '../../../lib/format-date';

/** SPEC 2.4: the customer name is cut at 14 characters (whole characters, so Arabic stays intact). */
export const NAME_CUT = 14;

export function cutName(name: string, max = NAME_CUT): string {
  const characters = Array.from(name);
  return characters.length > max ? `${characters.slice(0, max).join('')}…` : name;
}

/** White or dark text, whichever reads better on the status colour. */
function textOn(color: string): string {
  try {
    return getContrastRatio(color, '#fff') >= 3 ? '#fff' : 'rgba(0,0,0,0.87)';
  } catch {
    return '#fff';
  }
}

export function StatusChip({ status, size = 'small' }: { status: TOrderStatusRef; size?: 'small' | 'medium' }) {
  // Issue 12.2: the status in the interface language (features/statuses/status-label.ts).
  const label = useStatusLabel();
  return (
    <Chip
      size={size}
      label={label(status)}
      sx={{ bgcolor: status.color, color: textOn(status.color), fontWeight: 600, maxWidth: '100%' }}
    />
  );
}

/** The latest status with its description, and the schedule of a reported order. */
export function LatestStatusCell({ order }: { order: TOrderRow }) {
  const { t } = useTranslation();
  const latest = order.latest_status;
  if (!latest) return null;
  return (
    <Box sx={{ display: 'grid', gap: 0.25, justifyItems: 'start', minWidth: 120 }}>
      <StatusChip status={latest.status} />
      {order.formatted_reported_at && latest.status.type === 'reported' && (
        <Typography variant="caption" color="info.main" sx={{ whiteSpace: 'nowrap' }}>
          {t('orders.table.scheduled_for', { date: formatLocalDateTime(order.formatted_reported_at) })}
        </Typography>
      )}
      {latest.description && (
        <Tooltip title={latest.description}>
          <Typography variant="caption" color="text.secondary" noWrap sx={{ maxWidth: 140 }}>
            {latest.description}
          </Typography>
        </Tooltip>
      )}
    </Box>
  );
}

/**
 * The customer: name cut at 14 characters with the full name in a tooltip, and the row's flags
 * (SPEC 3: blocked customers are flagged with their reason; possible duplicates; earlier orders).
 */
export function CustomerCell({ order }: { order: TOrderRow }) {
  const short = cutName(order.customer_full_name);
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 112 }}>
      <Tooltip title={order.customer_full_name} disableHoverListener={short === order.customer_full_name}>
        <Typography variant="body2" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }} data-testid="customer-name">
          <bdi>{short}</bdi>
        </Typography>
      </Tooltip>
      <OrderFlags order={order} />
    </Box>
  );
}

/** One of the order's flags: a small chip whose tooltip says why it shows. */
function FlagChip({ hint, ...chip }: { hint: string } & ChipProps) {
  return (
    <Tooltip title={hint}>
      <Chip size="small" sx={{ height: 20 }} {...chip} />
    </Tooltip>
  );
}

export function OrderFlags({ order }: { order: TOrderRow }) {
  const { t } = useTranslation();
  const risky = order.customer_risk !== undefined && order.customer_risk.level !== 'low';
  if (!order.is_blocked && !risky && !order.is_duplicate && !order.previous_orders_count) return null;
  const previousHint = t('orders.flags.previous_hint', { count: order.previous_orders_count });
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {order.is_blocked && (
        <FlagChip
          hint={t('orders.flags.blocked_reason', { reason: order.blocked_customer?.reason ?? '' })}
          color="error"
          icon={<BlockIcon />}
          label={t('orders.flags.blocked')}
          data-testid="flag-blocked"
        />
      )}
      {/* Issue 15.5: the customer's risk, beside the blocked flag. */}
      <RiskBadge risk={order.customer_risk} />
      {order.is_duplicate && (
        <FlagChip
          hint={t('orders.flags.duplicate_hint')}
          color="warning"
          icon={<ContentCopyIcon />}
          label={t('orders.flags.duplicate')}
          data-testid="flag-duplicate"
        />
      )}
      {order.previous_orders_count > 0 && (
        <FlagChip
          hint={previousHint}
          variant="outlined"
          icon={<HistoryIcon />}
          label={order.previous_orders_count}
          aria-label={previousHint}
        />
      )}
    </Box>
  );
}

/** A cell with nothing to show. */
function NoValue() {
  return (
    <Typography variant="body2" color="text.disabled">
      —
    </Typography>
  );
}

/** A cell's value with its detail below it, each on one line. */
function StackedCell({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', whiteSpace: 'nowrap' }}>{children}</Box>;
}

export function PhoneCell({ order }: { order: TOrderRow }) {
  return (
    <StackedCell>
      <Typography variant="body2" component="bdi" dir="ltr">
        <TelLink phone={order.customer_phone_1} />
      </Typography>
      {order.customer_phone_2 && (
        <Typography variant="caption" color="text.secondary" component="bdi" dir="ltr">
          {formatPhone(order.customer_phone_2)}
        </Typography>
      )}
    </StackedCell>
  );
}

export function ProductsCell({ order }: { order: TOrderRow }) {
  const { t } = useTranslation();
  // Summarised (issue 12 item 4): the first line, then "+N more"; the order itself lists them all.
  const shown = order.products.slice(0, 1);
  const more = order.products.length - shown.length;
  return (
    <Box sx={{ display: 'grid', gap: 0.25, minWidth: 110, maxWidth: 180 }}>
      {shown.map((line) => (
        <Box key={line.id} sx={{ display: 'flex', gap: 0.5, minWidth: 0 }}>
          {/* dir=auto: a Latin name cut in an Arabic page loses its end, not its beginning. */}
          <Typography variant="body2" noWrap title={line.product_name} dir="auto" sx={{ minWidth: 0 }}>
            <bdi>{line.product_name}</bdi>
            {line.variant_name && (
              <Typography component="span" variant="caption" color="text.secondary">
                {' · '}
                <bdi>{line.variant_name}</bdi>
              </Typography>
            )}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
            <bdi dir="ltr">×{line.quantity}</bdi>
          </Typography>
        </Box>
      ))}
      {more > 0 && (
        <Typography variant="caption" color="text.secondary">
          {t('orders.table.more_products', { count: more })}
        </Typography>
      )}
    </Box>
  );
}

/** A date and time in the shop's zone, with how long ago below. */
export function DateCell({ iso }: { iso: string | null }) {
  const { i18n } = useTranslation();
  if (!iso) return <NoValue />;
  return (
    <StackedCell>
      <Typography variant="body2">{formatDateTime(iso, i18n.language)}</Typography>
      <Typography variant="caption" color="text.secondary">
        {formatTimeAgo(iso, i18n.language)}
      </Typography>
    </StackedCell>
  );
}

/** SPEC 2.4: the driver's phone shows only in inDelivery, under the company. */
export function ShippingCompanyCell({ order, withDriver }: { order: TOrderRow; withDriver: boolean }) {
  const shipment = order.current_shipment as {
    shipping_company?: { name?: string } | null;
    driver_phone?: string | null;
  } | null;
  const name = shipment?.shipping_company?.name;
  if (!name) return <NoValue />;
  return (
    <StackedCell>
      <Typography variant="body2">{name}</Typography>
      {withDriver && shipment?.driver_phone && (
        <Typography variant="caption" color="text.secondary" component="bdi" dir="ltr" data-testid="driver-phone">
          {formatPhone(shipment.driver_phone)}
        </Typography>
      )}
    </StackedCell>
  );
}

export function TrackingCell({ order }: { order: TOrderRow }) {
  const tracking = order.tracking_number ?? order.shipment_status?.tracking_number ?? null;
  if (!tracking) return <NoValue />;
  return (
    <StackedCell>
      <Typography variant="body2" component="bdi" dir="ltr" sx={{ fontFamily: 'monospace' }}>
        {tracking}
      </Typography>
      {order.shipment_status?.provider_status && (
        <Typography variant="caption" color="text.secondary">
          {order.shipment_status.provider_status}
        </Typography>
      )}
    </StackedCell>
  );
}
