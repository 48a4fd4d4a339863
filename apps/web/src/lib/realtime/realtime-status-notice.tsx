import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useRealtimeStatus } from './use-realtime';

/** A blip (a deploy, a phone switching networks) reconnects within this; only a longer outage shows. */
export const NOTICE_DELAY_MS = 2_000;

/**
 * Issue 7.3: while the socket is down the screen is not live. Say so after a short grace period,
 * and take it back once reconnected (the screen then catches up on its own).
 */
export function RealtimeStatusNotice() {
  const { t } = useTranslation();
  const reconnecting = useRealtimeStatus() === 'reconnecting';
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!reconnecting) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), NOTICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [reconnecting]);
  if (!shown) return null;
  return (
    <Alert severity="warning" role="status" data-testid="realtime-reconnecting" sx={{ borderRadius: 0 }}>
      {t('realtime.reconnecting')}
    </Alert>
  );
}
