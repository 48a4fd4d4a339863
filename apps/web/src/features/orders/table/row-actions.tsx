import { useState } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import type { TOrderRow, TOrderTab } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { ACTION_ICONS } from '../action-icons';
import { rowActionsFor, type TRowAction } from '../row-action-rules';
import { WhatsAppButton } from '../../whatsapp/whatsapp-button';

export interface TRowActionHandlers {
  run: (action: TRowAction, order: TOrderRow) => void;
}

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
            {ACTION_ICONS[action]}
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
            <ListItemIcon sx={action === 'delete' ? { color: 'error.main' } : undefined}>
              {ACTION_ICONS[action]}
            </ListItemIcon>
            <ListItemText>{label(action)}</ListItemText>
          </MenuItem>,
        ])}
      </Menu>
    </Box>
  );
}
