import { useState } from 'react';
import PhoneCallbackIcon from '@mui/icons-material/PhoneCallback';
import PhoneForwardedIcon from '@mui/icons-material/PhoneForwarded';
import type { TOrderRow } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import type { THeaderButton } from '../../components/ops-kit/header-buttons';
import { toast } from '../../lib/toast';
import { useWindowKeyDown } from '../../lib/use-window-keydown';
import { failureMessage, translateServerMessage } from '../../lib/server-message';
import { useNextOrder, useReleaseOrder } from './call-centre-api';
import { CallDialog } from './call-dialog';
import { CallbacksDialog } from './callbacks-dialog';
import { isTyping, outcomeOfKeyEvent } from './outcome-panel';

/** N without modifiers, by physical key too (AZERTY and Arabic keyboards). */
export const isNextOrderKey = (event: Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'code' | 'key'>) =>
  !event.altKey &&
  !event.ctrlKey &&
  !event.metaKey &&
  (event.code === 'KeyN' || event.key === 'n' || event.key === 'N');

/**
 * The dialogs on screen. A closed navigation drawer stays mounted with role="dialog" (phones), hidden:
 * it does not hold the keyboard.
 */
function openDialogs(): Element[] {
  return [...document.querySelectorAll('[role="dialog"]')].filter((dialog) =>
    typeof dialog.checkVisibility === 'function' ? dialog.checkVisibility({ visibilityProperty: true }) : true,
  );
}

interface TOpenCall {
  orderId: number;
  initialKey?: string;
  /** Handed out by the queue: closing the dialog lets the claim go. */
  claimed: boolean;
}

/**
 * Issue 15.1-15.2 on the Orders screen: "Next order" (N) and the call-back queue in the header,
 * the call dialog, and one-key outcomes on a selected row (1-7 open the call dialog with that
 * outcome). Answers the header buttons and the dialogs for the page to place.
 */
export function useCallCentre({ selected }: { selected: readonly TOrderRow[] }) {
  const { t } = useTranslation();
  const [call, setCall] = useState<TOpenCall | null>(null);
  const [callbacksOpen, setCallbacksOpen] = useState(false);
  const next = useNextOrder();
  const release = useReleaseOrder();

  const askNext = async () => {
    if (next.isPending) return;
    try {
      const answer = await next.mutateAsync();
      if (!answer.data) {
        setCall(null);
        void toast(answer.code ? translateServerMessage(t, answer) : t('callcentre.queue.empty'), { variant: 'info' });
        return;
      }
      setCallbacksOpen(false);
      setCall({ orderId: answer.data.id, claimed: true });
    } catch (error) {
      void toast(failureMessage(t, error, 'errors.unexpected'), { variant: 'error' });
    }
  };

  const close = () => {
    if (call?.claimed) release.mutate(call.orderId);
    setCall(null);
  };

  useWindowKeyDown((event) => {
    if (event.repeat || event.shiftKey || isTyping(event.target)) return;
    // Another dialog keeps the keyboard; the call dialog passes N on to the queue.
    const dialogs = openDialogs();
    const otherDialog = dialogs.some((dialog) => !dialog.closest('[data-testid="call-dialog"]'));
    if (isNextOrderKey(event)) {
      if (otherDialog) return;
      event.preventDefault();
      void askNext();
      return;
    }
    if (call || dialogs.length) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const outcome = outcomeOfKeyEvent(event);
    if (!outcome || selected.length !== 1) return;
    event.preventDefault();
    setCall({ orderId: selected[0]!.id, initialKey: event.key, claimed: false });
  });

  const buttons: THeaderButton[] = [
    {
      label: t('callcentre.queue.next'),
      icon: <PhoneForwardedIcon />,
      onClick: () => void askNext(),
      testId: 'next-order',
      variant: 'contained',
      color: 'secondary',
      disabled: next.isPending,
      hint: t('callcentre.queue.next_hint'),
      shortcut: 'N',
    },
    {
      label: t('callcentre.callbacks.open'),
      icon: <PhoneCallbackIcon />,
      onClick: () => setCallbacksOpen(true),
      testId: 'open-callbacks',
    },
  ];

  const dialogs = (
    <>
      {call && (
        <CallDialog
          key={`${call.orderId}-${call.initialKey ?? ''}`}
          orderId={call.orderId}
          initialKey={call.initialKey}
          onNext={() => void askNext()}
          nextBusy={next.isPending}
          onClose={close}
        />
      )}
      {callbacksOpen && !call && (
        <CallbacksDialog
          onClose={() => setCallbacksOpen(false)}
          onOpen={(orderId) => {
            setCallbacksOpen(false);
            setCall({ orderId, claimed: false });
          }}
        />
      )}
    </>
  );

  return { buttons, dialogs, openCall: (orderId: number) => setCall({ orderId, claimed: false }) };
}
