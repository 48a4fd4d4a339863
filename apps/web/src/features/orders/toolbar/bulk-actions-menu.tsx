import { useState, type ReactElement } from 'react';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AssignmentReturnOutlinedIcon from '@mui/icons-material/AssignmentReturnOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import ChecklistIcon from '@mui/icons-material/Checklist';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import PersonAddOutlinedIcon from '@mui/icons-material/PersonAddOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import type { TOrderTab } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { bulkActionsFor, type TBulkAction } from '../row-action-rules';

const ICONS: Record<TBulkAction, ReactElement> = {
  mark_confirmed: <CheckCircleOutlineIcon fontSize="small" />,
  mark_pending: <HourglassEmptyIcon fontSize="small" />,
  bulk_status: <SwapHorizIcon fontSize="small" />,
  assign_agent: <PersonAddOutlinedIcon fontSize="small" />,
  assign_shipping: <LocalShippingOutlinedIcon fontSize="small" />,
  dispatch: <SendOutlinedIcon fontSize="small" />,
  go_back: <AssignmentReturnOutlinedIcon fontSize="small" />,
  validate: <FactCheckOutlinedIcon fontSize="small" />,
  parcel_tickets: <ReceiptLongOutlinedIcon fontSize="small" />,
};

interface TBulkActionsMenuProps {
  tab: TOrderTab;
  selectedCount: number;
  onAction: (action: TBulkAction) => void;
}

/** SPEC 4 bulk actions of the tab, acting on the selected rows. */
export function BulkActionsMenu({ tab, selectedCount, onAction }: TBulkActionsMenuProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const actions = bulkActionsFor(tab);
  if (actions.length === 0) return null;
  return (
    <>
      <Button
        size="small"
        variant={selectedCount ? 'contained' : 'outlined'}
        color={selectedCount ? 'primary' : 'inherit'}
        startIcon={<ChecklistIcon />}
        endIcon={<ExpandMoreIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        data-testid="bulk-actions-button"
      >
        {selectedCount ? t('orders.bulk.button_count', { count: selectedCount }) : t('orders.bulk.button')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              setAnchor(null);
              onAction(action);
            }}
            data-testid={`bulk-${action}`}
          >
            <ListItemIcon>{ICONS[action]}</ListItemIcon>
            <ListItemText>{t(`orders.bulk.${action}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
