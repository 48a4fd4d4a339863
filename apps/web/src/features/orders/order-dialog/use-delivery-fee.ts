import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { useDeliveryFeeQuery, type TDeliveryFeeRequest } from '../orders-api';
import type { TOrderFormState } from './order-form-values';

/** SPEC 5: the fee is asked only when both a shipping company and a state are chosen. */
export function deliveryFeeRequest(
  values: Pick<TOrderFormState, 'shipping_company_id' | 'state_id' | 'is_stopdesk'>,
): TDeliveryFeeRequest | null {
  if (values.shipping_company_id === '' || values.state_id === '') return null;
  return {
    shipping_company_id: values.shipping_company_id,
    state_id: values.state_id,
    delivery_type: values.is_stopdesk ? 'stopdesk' : 'home_delivery',
  };
}

/**
 * Keeps the read-only delivery fee right (SPEC 5): 0 until a company and a state are chosen, the
 * company's fee then, and 0 with 'Failed to calculate delivery fee' when it cannot be had. An
 * edited order keeps the fee it was saved with until one of the three inputs changes
 * (docs/decisions/0028), so opening and saving an order never reprices it.
 */
export function useDeliveryFee(options: { keepInitial: boolean }) {
  const { t } = useTranslation();
  const { control, setValue } = useFormContext<TOrderFormState>();
  const [shipping_company_id, state_id, is_stopdesk] = useWatch({
    control,
    name: ['shipping_company_id', 'state_id', 'is_stopdesk'],
  });
  const key = JSON.stringify([shipping_company_id, state_id, is_stopdesk]);
  const initialKey = useRef(key);
  const changed = useRef(!options.keepInitial);
  if (key !== initialKey.current) changed.current = true;
  const active = changed.current;
  const request = deliveryFeeRequest({ shipping_company_id, state_id, is_stopdesk });
  const fee = useDeliveryFeeQuery(active ? request : null);

  useEffect(() => {
    if (!active) return;
    if (request === null) setValue('delivery_price', 0);
    else if (fee.isSuccess) setValue('delivery_price', fee.data);
    else if (fee.isError) {
      setValue('delivery_price', 0);
      void toast(t('orders.messages.fee_failed'), { variant: 'error' });
    }
    // `request` is derived from `key`; the fee's state and value are what change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, key, fee.isSuccess, fee.isError, fee.data, setValue, t]);

  return { calculating: active && request !== null && fee.isFetching };
}
