import { isBlockedSubscription } from '@cod/shared';
import { Navigate } from 'react-router';
import { usePageProps } from '../../app/page-props/use-page-props';

/**
 * Issue 19.7: an expired or suspended shop sees /subscription/expired for every screen (the server
 * refuses its writes with 402 whatever the screen does; its reads stay open for export).
 */
export function SubscriptionGate() {
  const { data } = usePageProps();
  if (!isBlockedSubscription(data?.tenant_payment_status.status)) return null;
  return <Navigate to="/subscription/expired" replace />;
}
