import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  TAgentOption,
  TAssignAgentRequest,
  TBulkStatusRequest,
  TCustomField,
  TCustomerCustomFields,
  TFulfillmentStatus,
  TMessageBody,
  TOrderListResponse,
  TOrderRow,
  TOrderStatusRequest,
  TPaged,
  TPhoneCheck,
  TReportOrderRequest,
  TStatus,
  TStopdeskCentre,
} from '@cod/shared';
import { api, apiRequest, queryString } from '../../lib/api-client';
import { customerKeys, orderKeys, pagePropsKeys, productKeys, referenceKeys, stockKeys } from '../../lib/query-keys';
import { ordersRequest, type TOrdersUrlState } from './orders-url-state';

/** GET /dashboard/products/options: what the order form may sell (the server's `toOption`). */
export interface TProductOption {
  id: number;
  name: string;
  sku: string;
  price: number;
  has_variants: boolean;
  variants: Array<{ id: number; name: string; sku?: string; price: number; available?: number; archived?: boolean }>;
  custom_fields: TCustomField[];
  thumbnail_url?: string | null;
  available?: number;
}

export interface TStateOption {
  id: number;
  code: string;
  name: string;
  name_ar: string;
}

export interface TCityOption extends TStateOption {
  state_id: number;
}

export interface TShippingCompanyOption {
  id: number;
  name: string;
  code?: string;
}

/** POST /dashboard/orders/calculate-delivery-fee (SPEC 7). */
export interface TDeliveryFeeRequest {
  shipping_company_id: number;
  state_id: number;
  delivery_type: 'stopdesk' | 'home_delivery';
}

/** A success answer: SPEC 8's English with its code (translated by lib/server-message). */
type TMessage<T> = TMessageBody & { data: T };

// Reference lists change rarely; one read per session is enough.
const REFERENCE = { staleTime: 30 * 60_000, gcTime: 60 * 60_000 } as const;

export function ordersListKey(state: TOrdersUrlState) {
  return orderKeys.list(ordersRequest(state));
}

export function useOrdersQuery(state: TOrdersUrlState) {
  const request = ordersRequest(state);
  return useQuery({
    queryKey: orderKeys.list(request),
    queryFn: ({ signal }) => api.get<TOrderListResponse>(`${request.path}${queryString(request.query)}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOrderQuery(id: number | null) {
  return useQuery({
    queryKey: orderKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<TOrderRow>(`/dashboard/orders/${id}`, signal),
    enabled: id !== null,
  });
}

export function useOrderTimelineQuery(id: number | null) {
  return useQuery({
    queryKey: orderKeys.timeline(id ?? 0),
    queryFn: ({ signal }) => api.get<TPaged<TFulfillmentStatus>>(`/dashboard/orders/${id}/status-timeline`, signal),
    enabled: id !== null,
  });
}

/** The dialog's duplicate and block warning for a typed phone (null until it is a valid number). */
export function usePhoneCheckQuery(phone: string | null, excludeId: number | null) {
  return useQuery({
    queryKey: orderKeys.phoneCheck(phone ?? '', excludeId),
    queryFn: ({ signal }) =>
      api.get<TPhoneCheck>(
        `/dashboard/orders/phone-check${queryString({ phone: phone ?? '', exclude_id: excludeId })}`,
        signal,
      ),
    enabled: phone !== null,
    staleTime: 30_000,
  });
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * While the server's answer for the typed text is on its way, the previous answer is narrowed to
 * what matches the text, so a quick click never picks a product the user was typing away from.
 */
export function narrowWhileTyping<T extends { name: string; sku?: string }>(
  items: T[],
  typed: string,
  searched: string,
) {
  const text = fold(typed.trim());
  if (!text || typed.trim() === searched) return items;
  return items.filter((item) => fold(`${item.name} ${item.sku ?? ''}`).includes(text));
}

export function useProductOptionsQuery(search: string, enabled = true) {
  const params = { search: search || undefined, per_page: 25 };
  return useQuery({
    queryKey: orderKeys.productOptions(params),
    queryFn: ({ signal }) =>
      api.get<TPaged<TProductOption>>(`/dashboard/products/options${queryString(params)}`, signal),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 60_000,
  });
}

/** SPEC 7: GET /dashboard/customers/{phone}/custom-fields (pre-fills the custom fields dialog). */
export function useCustomerCustomFieldsQuery(phone: string | null) {
  return useQuery({
    queryKey: orderKeys.customerCustomFields(phone ?? ''),
    queryFn: ({ signal }) =>
      api.get<TCustomerCustomFields>(`/dashboard/customers/${encodeURIComponent(phone ?? '')}/custom-fields`, signal),
    enabled: phone !== null,
    retry: false,
  });
}

export function useStatesQuery() {
  return useQuery({
    queryKey: referenceKeys.states,
    queryFn: ({ signal }) => api.get<TPaged<TStateOption>>('/dashboard/states', signal),
    ...REFERENCE,
  });
}

export function useCitiesQuery(stateId: number | null) {
  return useQuery({
    queryKey: referenceKeys.cities(stateId ?? 0),
    queryFn: ({ signal }) => api.get<TPaged<TCityOption>>(`/dashboard/cities/state/${stateId}`, signal),
    enabled: stateId !== null,
    ...REFERENCE,
  });
}

/** SPEC 7: the static stop-desk centres file. */
export function useCentresQuery() {
  return useQuery({
    queryKey: referenceKeys.centres,
    queryFn: ({ signal }) => api.get<TStopdeskCentre[]>('/yalidine_centers.json', signal),
    ...REFERENCE,
  });
}

/** A stop desk of a shipping company (GET /dashboard/shipping-companies/{id}/stop-desks). */
interface TCompanyStopDesk {
  center_id: string | number;
  name: string;
  wilaya_name: string | null;
  commune_name?: string | null;
  address?: string | null;
}

/**
 * Issue 12 item 5: the stop desks of the chosen shipping company in the chosen wilaya, and none
 * before both are chosen (another carrier's centre cannot take the parcel). The server filters by
 * company and wilaya; ids that are not numbers cannot be an order's stopdesk_id and are left out.
 */
export function useCompanyCentresQuery(companyId: number | null, stateId: number | null) {
  return useQuery({
    queryKey: [...referenceKeys.centres, companyId ?? 0, stateId ?? 0] as const,
    queryFn: async ({ signal }): Promise<TStopdeskCentre[]> => {
      const answer = await api.get<TPaged<TCompanyStopDesk>>(
        `/dashboard/shipping-companies/${companyId}/stop-desks${queryString({ state_id: stateId })}`,
        signal,
      );
      return (answer?.data ?? [])
        .map((desk) => ({
          center_id: Number(desk.center_id),
          name: desk.name,
          wilaya_name: desk.wilaya_name ?? '',
          ...(desk.commune_name ? { commune_name: desk.commune_name } : {}),
          ...(desk.address ? { address: desk.address } : {}),
        }))
        .filter((centre) => Number.isSafeInteger(centre.center_id));
    },
    enabled: companyId !== null && stateId !== null,
    ...REFERENCE,
  });
}

export function useStatusesQuery() {
  return useQuery({
    queryKey: referenceKeys.statuses,
    queryFn: ({ signal }) => api.get<TPaged<TStatus>>('/dashboard/statuses', signal),
    ...REFERENCE,
  });
}

export function useAgentsQuery() {
  return useQuery({
    queryKey: referenceKeys.agents,
    queryFn: ({ signal }) => api.get<TPaged<TAgentOption>>('/dashboard/agents', signal),
    staleTime: 5 * 60_000,
  });
}

/**
 * The active shipping companies the order form offers (the shipping issue's picker route, open to
 * anyone who works orders). Should it fail, the list is empty and the delivery fee stays 0 (SPEC 5).
 */
export const SHIPPING_COMPANIES_PATH = '/dashboard/shipping-companies/options';

export function useShippingCompaniesQuery() {
  return useQuery({
    queryKey: referenceKeys.shippingCompanies,
    queryFn: async ({ signal }) => {
      try {
        const answer = await api.get<TPaged<TShippingCompanyOption> | TShippingCompanyOption[]>(
          SHIPPING_COMPANIES_PATH,
          signal,
        );
        return Array.isArray(answer) ? answer : (answer?.data ?? []);
      } catch {
        return [] as TShippingCompanyOption[];
      }
    },
    ...REFERENCE,
  });
}

/**
 * SPEC 5: the fee is calculated only when a company and a state are chosen. A failure (including
 * the route not existing yet) is reported by the caller as 'Failed to calculate delivery fee', fee 0.
 */
export function useDeliveryFeeQuery(request: TDeliveryFeeRequest | null) {
  return useQuery({
    queryKey: orderKeys.deliveryFee(request ?? {}),
    queryFn: async () => {
      const answer = await api.post<{ success?: boolean; delivery_fee?: number | string; message?: string }>(
        '/dashboard/orders/calculate-delivery-fee',
        request,
      );
      const fee = Number(answer?.delivery_fee);
      if (answer?.success === false || !Number.isFinite(fee)) throw new Error(answer?.message ?? 'fee');
      return fee;
    },
    enabled: request !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/**
 * An order write changes the lists and their counts, that order's own views and the customer's
 * history; when stock may move (creation, edit, status, delete, restore) the stock levels, the
 * products' availability and the low-stock bell too.
 */
export function invalidateOrders(
  client: QueryClient,
  options: { ids?: readonly number[]; phones?: readonly string[]; stock?: boolean } = {},
) {
  const work: Array<Promise<unknown>> = [client.invalidateQueries({ queryKey: orderKeys.lists() })];
  for (const id of options.ids ?? []) {
    work.push(client.invalidateQueries({ queryKey: orderKeys.detail(id) }));
    work.push(client.invalidateQueries({ queryKey: orderKeys.timeline(id) }));
  }
  for (const phone of options.phones ?? []) {
    work.push(client.invalidateQueries({ queryKey: customerKeys.history(phone) }));
    work.push(client.invalidateQueries({ queryKey: orderKeys.customerCustomFields(phone) }));
  }
  if (options.stock) {
    work.push(client.invalidateQueries({ queryKey: stockKeys.all }));
    work.push(client.invalidateQueries({ queryKey: productKeys.all }));
    work.push(client.invalidateQueries({ queryKey: [...orderKeys.all, 'product-options'] }));
    work.push(client.invalidateQueries({ queryKey: pagePropsKeys.all }));
  }
  return Promise.all(work);
}

export function useSaveOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: unknown }) =>
      id === null
        ? api.post<TMessage<TOrderRow>>('/dashboard/orders', input)
        : api.put<TMessage<TOrderRow>>(`/dashboard/orders/${id}`, input),
    onSuccess: ({ data }) => invalidateOrders(client, { ids: [data.id], phones: [data.customer_phone_1], stock: true }),
  });
}

export function useChangeStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Partial<TOrderStatusRequest> }) =>
      apiRequest<TMessage<TOrderRow>>(`/dashboard/orders/${id}/status`, { method: 'PATCH', body }),
    onSuccess: ({ data }) => invalidateOrders(client, { ids: [data.id], phones: [data.customer_phone_1], stock: true }),
  });
}

/** POST /dashboard/orders/{id}/report: schedule a call back (the order becomes reported). */
export function useReportOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Partial<TReportOrderRequest> }) =>
      api.post<TMessage<TOrderRow>>(`/dashboard/orders/${id}/report`, body),
    onSuccess: ({ data }) => invalidateOrders(client, { ids: [data.id], stock: true }),
  });
}

export function useBulkStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<TBulkStatusRequest>) =>
      api.post<TMessage<TOrderRow[]> & { updated: number }>('/dashboard/orders/bulk-status-update', body),
    onSuccess: ({ data }) => invalidateOrders(client, { ids: data.map((o) => o.id), stock: true }),
  });
}

export function useAssignAgent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<TAssignAgentRequest>) =>
      api.post<TMessage<TOrderRow[]> & { updated: number }>('/dashboard/orders/assign-agent', body),
    // An assignment moves no stock and no status: the lists (agent column, agent counts) and the rows.
    onSuccess: ({ data }) => invalidateOrders(client, { ids: data.map((o) => o.id) }),
  });
}

export function useDeleteOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<TMessage<TOrderRow>>(`/dashboard/orders/${id}`),
    onSuccess: ({ data }) => invalidateOrders(client, { ids: [data.id], phones: [data.customer_phone_1], stock: true }),
  });
}

export function useRestoreOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<TMessage<TOrderRow>>(`/dashboard/orders/${id}/restore`),
    onSuccess: ({ data }) => invalidateOrders(client, { ids: [data.id], phones: [data.customer_phone_1], stock: true }),
  });
}
