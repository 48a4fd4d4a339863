import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { toWhatsAppNumber, type TOrderRow, type TWhatsAppTemplate } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useCompanyCentresQuery } from '../orders/orders-api';
import { logWhatsAppUse, useWhatsAppTemplatesQuery } from './whatsapp-api';
import { whatsAppLinkFor } from './order-message';

const WHATSAPP_GREEN = '#25D366';

/**
 * Issue 15.4: "WhatsApp" on an order row or in its dialog. Opens a menu of the shop's templates
 * (the user's language first); each entry is a real link to wa.me with the filled message, opened
 * in a new tab, and its use is logged as an attempt. Disabled when the phone cannot be used.
 */
export function WhatsAppButton({ order, variant = 'icon' }: { order: TOrderRow; variant?: 'icon' | 'button' }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const usable = toWhatsAppNumber(order.customer_phone_1) !== null;
  const label = t('assignment.whatsapp.open', { number: order.order_number });
  const open = (event: React.MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const trigger =
    variant === 'icon' ? (
      <IconButton
        size="small"
        aria-label={label}
        aria-haspopup="menu"
        disabled={!usable}
        onClick={open}
        data-testid="row-whatsapp"
        sx={{ color: WHATSAPP_GREEN }}
      >
        <WhatsAppIcon fontSize="small" />
      </IconButton>
    ) : (
      <Button
        variant="outlined"
        size="small"
        startIcon={<WhatsAppIcon />}
        aria-haspopup="menu"
        disabled={!usable}
        onClick={open}
        data-testid="dialog-whatsapp"
        sx={{ color: WHATSAPP_GREEN, borderColor: WHATSAPP_GREEN, justifySelf: 'start' }}
      >
        {t('assignment.whatsapp.button')}
      </Button>
    );
  return (
    <>
      <Tooltip title={usable ? label : t('assignment.whatsapp.phone_unusable')}>
        <span>{trigger}</span>
      </Tooltip>
      {anchor && <TemplatesMenu order={order} anchor={anchor} onClose={() => setAnchor(null)} />}
    </>
  );
}

function TemplatesMenu({ order, anchor, onClose }: { order: TOrderRow; anchor: HTMLElement; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const templates = useWhatsAppTemplatesQuery();
  const centres = useCompanyCentresQuery(
    order.is_stopdesk ? order.shipping_company_id : null,
    order.is_stopdesk && order.shipping_company_id !== null ? order.state_id : null,
  );
  const stopDesk = centres.data?.find((c) => c.center_id === order.stopdesk_id)?.name ?? null;
  const language = i18n.resolvedLanguage ?? i18n.language;
  const sorted = [...(templates.data ?? [])].sort(
    (a, b) => Number(b.locale === language) - Number(a.locale === language),
  );
  const use = (template: TWhatsAppTemplate | null) => {
    onClose();
    void logWhatsAppUse(order.id, template?.id ?? null).catch(() => undefined);
  };
  const item = (template: TWhatsAppTemplate | null) => {
    const href = whatsAppLinkFor(order, template, stopDesk);
    if (!href) return null;
    return (
      <MenuItem
        key={template?.id ?? 'plain'}
        component="a"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => use(template)}
        data-testid={template ? `whatsapp-template-${template.id}` : 'whatsapp-plain'}
        sx={{ gap: 1 }}
      >
        {template && <Chip size="small" label={template.locale.toUpperCase()} variant="outlined" />}
        <ListItemText
          primary={template ? template.name : t('assignment.whatsapp.plain')}
          secondary={template ? template.body.slice(0, 60) + (template.body.length > 60 ? '…' : '') : undefined}
          slotProps={{ secondary: { dir: 'auto', noWrap: true, sx: { maxWidth: 280 } } }}
        />
      </MenuItem>
    );
  };
  return (
    <Menu anchorEl={anchor} open onClose={onClose} data-testid="whatsapp-menu">
      {templates.isPending && <MenuItem disabled>{t('assignment.whatsapp.loading')}</MenuItem>}
      {sorted.map((template) => item(template))}
      {item(null)}
    </Menu>
  );
}
