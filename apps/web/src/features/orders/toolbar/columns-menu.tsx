import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ViewColumnOutlinedIcon from '@mui/icons-material/ViewColumnOutlined';
import type { TOrderTab } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { ALWAYS_VISIBLE, isColumnAllowedInTab, ORDER_COLUMNS, type TOrderColumn } from '../column-settings';
import { columnLabel } from '../table/orders-columns';

interface TColumnsMenuProps {
  visible: readonly TOrderColumn[];
  tab: TOrderTab;
  onChange: (columns: TOrderColumn[]) => void;
}

/** SPEC 2.4 column customisation (kept under userColumns2 by the caller). */
export function ColumnsMenu({ visible, tab, onChange }: TColumnsMenuProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const toggle = (column: TOrderColumn) =>
    onChange(visible.includes(column) ? visible.filter((c) => c !== column) : [...visible, column]);

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="inherit"
        startIcon={<ViewColumnOutlinedIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        data-testid="columns-button"
      >
        {t('orders.toolbar.columns')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} data-testid="columns-menu">
        {ORDER_COLUMNS.map((column) => {
          const locked = ALWAYS_VISIBLE.includes(column);
          const allowed = isColumnAllowedInTab(column, tab);
          return (
            <MenuItem
              key={column}
              dense
              disabled={locked}
              onClick={() => toggle(column)}
              role="menuitemcheckbox"
              aria-checked={visible.includes(column)}
              data-testid={`column-toggle-${column}`}
            >
              <Checkbox
                size="small"
                checked={visible.includes(column)}
                tabIndex={-1}
                disableRipple
                sx={{ p: 0.5, marginInlineEnd: 1 }}
              />
              <ListItemText
                primary={columnLabel(t, column)}
                secondary={allowed ? undefined : t('orders.toolbar.column_hidden_in_tab')}
              />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
