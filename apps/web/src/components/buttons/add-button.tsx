import type { ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';

interface TAddButtonProps {
  label: string;
  onClick: () => void;
  testId?: string;
  /** Another icon than +. */
  icon?: ReactNode;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}

/** A screen's or a card's "add" button: the + icon, then what it adds. */
export function AddButton({ label, onClick, testId, icon, variant = 'contained', size }: TAddButtonProps) {
  return (
    <Button variant={variant} size={size} startIcon={icon ?? <AddIcon />} onClick={onClick} data-testid={testId}>
      {label}
    </Button>
  );
}
