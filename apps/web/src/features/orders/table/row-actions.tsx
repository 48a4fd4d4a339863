import { useState, type ReactElement } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import AssignmentReturnOutlinedIcon from '@mui/icons-material/AssignmentReturnOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EventRepeatOutlinedIcon from '@mui/icons-material/EventRepeatOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import HistoryIcon from '@mui/icons-material/History';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import PersonAddOutlinedIcon from '@mui/icons-material/PersonAddOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import RestoreIcon from '@mui/icons-material/Restore';
import RouteOutlinedIcon from '@mui/icons-material/RouteOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import TextSnippetOutlinedIcon from '@mui/icons-material/TextSnippetOutlined';
import UpdateOutlinedIcon from '@mui/icons-material/UpdateOutlined';
import type { TOrderRow, TOrderTab } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { rowActionsFor, type TRowAction } from '../row-action-rules';
import { WhatsAppButton } from '../../whatsapp/whatsapp-button';

export interface TRowActionHandlers {
  run: (action: TRowAction, order: TOrderRow) => void;
}

const ICONS: Record<TRowAction, ReactElement> = {
  edit: <EditOutlinedIcon fontSize="small" />,
  status: <SwapHorizIcon fontSize="small" />,
  report: <EventRepeatOutlinedIcon fontSize="small" />,
  timeline: <HistoryIcon fontSize="small" />,
  assign_agent: <PersonAddOutlinedIcon fontSize="small" />,
  customer: <PersonOutlineIcon fontSize="small" />,
  custom_fields: <TextSnippetOutlinedIcon fontSize="small" />,
  delete: <DeleteOutlineIcon fontSize="small" />,
  restore: <RestoreIcon fontSize="small" />,
  assign_shipping: <LocalShippingOutlinedIcon fontSize="small" />,
  dispatch: <SendOutlinedIcon fontSize="small" />,
  go_back: <AssignmentReturnOutlinedIcon fontSize="small" />,
  validate: <FactCheckOutlinedIcon fontSize="small" />,
  parcel_tickets: <ReceiptLongOutlinedIcon fontSize="small" />,
  shipment_timeline: <RouteOutlinedIcon fontSize="small" />,
  notify_driver: <NotificationsActiveOutlinedIcon fontSize="small" />,
  driver_updates: <UpdateOutlinedIcon fontSize="small" />,
};

// The two most used actions are one click away; the rest are in the menu.
const QUICK: readonly TRowAction[] = ['edit', 'status', 'restore'];

/** The actions cell: quick buttons and a menu of everything the order allows in this tab. */
export function RowActions({
  order,
  tab,
  handlers,
}: {
  order: TOrderRow;
  tab: TOrderTab;
  handlers: TRowActionHandlers;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const actions = rowActionsFor(order, tab);
  const quick = actions.filter((action) => QUICK.includes(action));
  const run = (action: TRowAction) => {
    setAnchor(null);
    handlers.run(action, order);
  };
  const label = (action: TRowAction) => t(`orders.actions.${action}`);

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', whiteSpace: 'nowrap' }} data-row-actions>
      {quick.map((action) => (
        <Tooltip key={action} title={label(action)}>
          <IconButton
            size="small"
            aria-label={`${label(action)} #${order.order_number}`}
            onClick={() => run(action)}
            data-testid={`row-${action}`}
          >
            {ICONS[action]}
          </IconButton>
        </Tooltip>
      ))}
      {/* Issue 15.4: WhatsApp with the shop's templates. */}
      <WhatsAppButton order={order} />
      <IconButton
        size="small"
        aria-label={t('orders.actions.more', { number: order.order_number })}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="row-more"
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.flatMap((action) => [
          action === 'delete' ? <Divider key="divider" /> : null,
          <MenuItem
            key={action}
            onClick={() => run(action)}
            sx={action === 'delete' ? { color: 'error.main' } : undefined}
          >
            <ListItemIcon sx={action === 'delete' ? { color: 'error.main' } : undefined}>{ICONS[action]}</ListItemIcon>
            <ListItemText>{label(action)}</ListItemText>
          </MenuItem>,
        ])}
      </Menu>
    </Box>
  );
}
