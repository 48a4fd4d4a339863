import { useState } from 'react';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ChecklistIcon from '@mui/icons-material/Checklist';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { TOrderTab } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { ACTION_ICONS } from '../action-icons';
import { bulkActionsFor, type TBulkAction } from '../row-action-rules';

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
            <ListItemIcon>{ACTION_ICONS[action]}</ListItemIcon>
            <ListItemText>{t(`orders.bulk.${action}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
