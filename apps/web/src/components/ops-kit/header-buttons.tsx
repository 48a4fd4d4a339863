import type { ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';

/** One button of a screen's header: what it says and does, and how it stands out. */
export interface THeaderButton {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  testId: string;
  /** The screen's main actions are contained; the others outlined. */
  variant?: 'contained' | 'outlined';
  color?: ButtonProps['color'];
  disabled?: boolean;
  /** Shown on hover: what the button does, or its keyboard shortcut. */
  hint?: string;
  /** The key that does the same (aria-keyshortcuts). */
  shortcut?: string;
}

function HeaderButton({
  label,
  icon,
  onClick,
  testId,
  variant = 'outlined',
  color,
  disabled,
  hint,
  shortcut,
}: THeaderButton) {
  const button = (
    <Button
      variant={variant}
      color={color}
      startIcon={icon}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
      aria-keyshortcuts={shortcut}
    >
      {label}
    </Button>
  );
  return hint ? <Tooltip title={hint}>{button}</Tooltip> : button;
}

/** A screen's header buttons from data (the Orders screen's, the call centre's among them). */
export function HeaderButtons({ buttons }: { buttons: readonly THeaderButton[] }) {
  return buttons.map((button) => <HeaderButton key={button.testId} {...button} />);
}
