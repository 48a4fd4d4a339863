import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { appI18n, loadLocalePart } from '../../lib/i18n';
import { toast } from '../../lib/toast';

/**
 * Back from the Chargily checkout (?checkout=success|failed): one message, then the parameter goes.
 * What the subscription became comes from the page props (the webhook), never from this address.
 */
export function useCheckoutReturn(): void {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const outcome = params.get('checkout');
  useEffect(() => {
    if (outcome !== 'success' && outcome !== 'failed') return;
    void loadLocalePart(appI18n, 'central').then(() => {
      void toast(t(outcome === 'success' ? 'central.pay.success' : 'central.pay.failed'), {
        variant: outcome === 'success' ? 'success' : 'warning',
      });
    });
    const next = new URLSearchParams(params);
    next.delete('checkout');
    setParams(next, { replace: true });
  }, [outcome, params, setParams, t]);
}
