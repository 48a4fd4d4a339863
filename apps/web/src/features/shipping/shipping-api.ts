import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAssignShippingResponse,
  TBarcodeActionResponse,
  TDispatchResponse,
  TDriverUpdatesResponse,
  TMessageBody,
  TParcelTicketsResponse,
  TShipmentTimelineResponse,
  TValidateResponse,
} from '@cod/shared';
import { api } from '../../lib/api-client';

/** Query keys of the shipping dialogs (the orders list itself is the Orders screen's). */
export const shippingKeys = {
  all: ['shipping'] as const,
  companyOptions: () => [...shippingKeys.all, 'company-options'] as const,
  timeline: (orderId: number) => [...shippingKeys.all, 'timeline', orderId] as const,
  driverUpdates: (orderId: number) => [...shippingKeys.all, 'driver-updates', orderId] as const,
};

/** Every call here changes orders: the Orders screen's queries (key 'orders') refetch. */
function useOrdersMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['orders'] });
      void client.invalidateQueries({ queryKey: shippingKeys.all });
    },
  });
}

export type TCompanyOption = { id: number; name: string; code: string; icon: string | null; kind: string };

export function useCompanyOptions(enabled = true) {
  return useQuery({
    queryKey: shippingKeys.companyOptions(),
    queryFn: ({ signal }) =>
      api.get<{ data: TCompanyOption[]; total: number }>('/dashboard/shipping-companies/options', signal),
    enabled,
    staleTime: 60_000,
  });
}

type THandOver = { shipping_company_id: number; order_ids: number[] };

export function useAssignShipping() {
  return useOrdersMutation((body: THandOver) =>
    api.post<TAssignShippingResponse>('/dashboard/orders/assign-shipping', body),
  );
}

export function useDispatch() {
  return useOrdersMutation((body: THandOver) => api.post<TDispatchResponse>('/dashboard/orders/dispatch', body));
}

export function useValidateDispatched() {
  return useOrdersMutation((orderIds: number[]) =>
    api.post<TValidateResponse>('/dashboard/orders/validate-dispatched', { order_ids: orderIds }),
  );
}

export function useGoBack() {
  return useOrdersMutation((orderId: number) => api.post<TMessageBody>(`/dashboard/orders/${orderId}/go-back`));
}

export function useRefreshShipment() {
  return useOrdersMutation((orderId: number) =>
    api.post<TMessageBody>(`/dashboard/orders/${orderId}/refresh-shipment`),
  );
}

export function useCancelShipment() {
  return useOrdersMutation((orderId: number) =>
    api.post<TMessageBody & { success: boolean }>(`/dashboard/orders/${orderId}/cancel-shipment`),
  );
}

export function useParcelTickets() {
  return useMutation({
    mutationFn: (orderIds: number[]) =>
      api.post<TParcelTicketsResponse>('/dashboard/orders/view-parcel-tickets', { order_ids: orderIds }),
  });
}

export function useShipmentTimeline(orderId: number | null) {
  return useQuery({
    queryKey: shippingKeys.timeline(orderId ?? 0),
    queryFn: ({ signal }) => api.get<TShipmentTimelineResponse>(`/orders/${orderId}/shipment-timeline`, signal),
    enabled: orderId !== null,
  });
}

export function useNotifyDriver() {
  return useMutation({
    mutationFn: ({ orderId, message }: { orderId: number; message: string }) =>
      api.post<TMessageBody>(`/dashboard/orders/${orderId}/ecotrack-notify-driver`, { message }),
  });
}

export function useDriverUpdates(orderId: number | null) {
  return useQuery({
    queryKey: shippingKeys.driverUpdates(orderId ?? 0),
    queryFn: ({ signal }) =>
      api.get<TDriverUpdatesResponse>(`/dashboard/orders/${orderId}/ecotrack-driver-updates`, signal),
    enabled: orderId !== null,
  });
}

export function useBarcodeAction() {
  return useOrdersMutation((body: { barcode: string; action: 'select' | 'validate' }) =>
    api.post<TBarcodeActionResponse>('/api/orders/barcode-action', body),
  );
}
