import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

interface TRowActionButtonProps {
  /** The action, shown on hover ("Edit"). */
  title: string;
  /** What a screen reader hears: the action and its row ("Edit T-shirt"). */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  size?: 'small' | 'medium';
}

/** One icon action at the end of a list row. */
export function RowActionButton({ title, label, icon, onClick, size }: TRowActionButtonProps) {
  return (
    <Tooltip title={title}>
      <IconButton size={size} aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
