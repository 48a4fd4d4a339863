import type { ReactNode } from 'react';
import Box, { type BoxProps } from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useTranslation } from 'react-i18next';

interface TCollectionAddButtonProps {
  /** How many items the collection holds, and how many it may: the button goes at the limit. */
  count: number;
  max: number;
  label: string;
  onAdd: () => void;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

/** "Add …" under an editable collection of a form (variants, custom fields, contacts). */
export function CollectionAddButton({
  count,
  max,
  label,
  onAdd,
  size,
  variant = 'outlined',
}: TCollectionAddButtonProps) {
  if (count >= max) return null;
  return (
    <Box>
      <Button size={size} variant={variant} startIcon={<AddIcon />} onClick={onAdd}>
        {label}
      </Button>
    </Box>
  );
}

interface TCollectionItemButtonProps {
  /** The action, shown on hover. */
  title: string;
  /** What a screen reader hears (the action and which item); the title when left out. */
  label?: string;
  onClick: () => void;
  /** Another icon than the bin. */
  icon?: ReactNode;
  disabled?: boolean;
  sx?: BoxProps['sx'];
}

/** An icon action on one item of a collection (remove, move); the span keeps the tooltip when disabled. */
export function CollectionItemButton({ title, label, onClick, icon, disabled, sx }: TCollectionItemButtonProps) {
  return (
    <Tooltip title={title}>
      <Box component="span" sx={sx}>
        <IconButton aria-label={label ?? title} onClick={onClick} disabled={disabled}>
          {icon ?? <DeleteOutlineIcon />}
        </IconButton>
      </Box>
    </Tooltip>
  );
}

interface TCollectionItemCardProps {
  /**
   * The collection's i18n section: the heading is `<section>.number` (also the group's name for a
   * screen reader), the bin `<section>.remove`, heard as `<section>.remove_n`.
   */
  section: string;
  /** The item's place, from 1. */
  number: number;
  onRemove: () => void;
  /** Other things at the end of the heading, before the bin. */
  actions?: ReactNode;
  children: ReactNode;
}

/** One numbered item of an editable collection: an outlined card, its heading and actions, its fields. */
export function CollectionItemCard({ section, number, onRemove, actions, children }: TCollectionItemCardProps) {
  const { t } = useTranslation();
  const title = t(`${section}.number`, { number });
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }} role="group" aria-label={title}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {actions}
        <CollectionItemButton
          title={t(`${section}.remove`)}
          label={t(`${section}.remove_n`, { number })}
          onClick={onRemove}
        />
      </Box>
      {children}
    </Paper>
  );
}
