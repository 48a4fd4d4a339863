import type { PopoverOrigin } from '@mui/material/Popover';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';

/**
 * Popovers are positioned in JavaScript with physical coordinates, which the RTL stylis plugin
 * cannot flip; this anchors menus to the inline-end edge of their button in both directions.
 */
export function useEndAlignedOrigins(): { anchorOrigin: PopoverOrigin; transformOrigin: PopoverOrigin } {
  const horizontal = useTheme().direction === 'rtl' ? 'left' : 'right';
  return {
    anchorOrigin: { vertical: 'bottom', horizontal },
    transformOrigin: { vertical: 'top', horizontal },
  };
}

/**
 * A header menu's popover: `openFrom` is its button's click, `popover` spreads into the Popover
 * (anchored to that button's inline end), and `close` also runs `onClosed` (mark as seen).
 */
export function useEndAlignedPopover(onClosed?: () => void) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const origins = useEndAlignedOrigins();
  const close = () => {
    setAnchor(null);
    onClosed?.();
  };
  return {
    isOpen: anchor !== null,
    openFrom: (event: { currentTarget: HTMLElement }) => setAnchor(event.currentTarget),
    close,
    popover: { open: anchor !== null, anchorEl: anchor, onClose: close, ...origins },
  };
}
