import type { PopoverOrigin } from '@mui/material/Popover';
import { useTheme } from '@mui/material/styles';

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
