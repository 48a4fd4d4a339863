import { useWindowKeyDown } from '../../lib/use-window-keydown';

/**
 * SPEC 2.4: Alt+N opens the new-order dialog. It works from anywhere on the screen, the search box
 * included (Alt+N types no character there on Windows and Linux; on a Mac it would start a dead
 * key, which is cancelled), by physical key so AZERTY and Arabic keyboards work too; it does
 * nothing while another dialog is open (docs/decisions/0027).
 */
export function isNewOrderShortcut(
  event: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'code' | 'key'>,
): boolean {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
  return event.code === 'KeyN' || event.key === 'n' || event.key === 'N';
}

/**
 * A dialog the user can see. The phone's navigation drawer stays mounted while closed (hidden, not
 * removed), so "a dialog exists in the page" would turn the shortcut off on every phone.
 */
function isDialogShown(): boolean {
  return [...document.querySelectorAll('[role="dialog"]')].some(
    (element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden',
  );
}

export function useNewOrderShortcut(open: () => void, enabled: boolean): void {
  useWindowKeyDown((event) => {
    if (!isNewOrderShortcut(event) || event.repeat) return;
    // A dialog already open keeps the keyboard (MUI marks the page behind it aria-hidden).
    if (isDialogShown()) return;
    event.preventDefault();
    open();
  }, enabled);
}
