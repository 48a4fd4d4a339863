import type { TCustomer, TCustomerInput, TCustomerSummary, TListQuery } from '@cod/shared';
import { api } from '../../lib/api-client';
import { useCatalogueMutation, useDetailQuery, usePagedQuery } from '../../components/catalogue-kit/catalogue-queries';
import { customerKeys } from '../../lib/query-keys';

export interface TCustomerListParams extends Partial<TListQuery> {
  blocked?: boolean;
}

/** One block of the customer's history (GET /dashboard/customers/{phone} `blocks`). */
export interface TCustomerBlock {
  reason: string;
  blocked_by: string | null;
  created_at: string;
  unblocked_at: string | null;
  unblocked_by: string | null;
  unblock_reason: string | null;
}

export interface TCustomerDetail extends TCustomer {
  blocks: TCustomerBlock[];
}

/** SPEC 3 customer summary; the server adds the block flag the dialog shows beside it. */
export interface TCustomerHistory extends TCustomerSummary {
  is_blocked: boolean;
  blocked_customer: TCustomer['blocked_customer'];
}

const path = (phone: string) => `/dashboard/customers/${encodeURIComponent(phone)}`;

export function useCustomersQuery(query: TCustomerListParams) {
  return usePagedQuery<TCustomer>(customerKeys.list(query), '/dashboard/customers', query);
}

export function useCustomerQuery(phone: string | null) {
  return useDetailQuery<TCustomerDetail>(customerKeys.detail(phone ?? ''), phone ? path(phone) : null);
}

export function useCustomerHistoryQuery(phone: string | null) {
  return useDetailQuery<TCustomerHistory>(customerKeys.history(phone ?? ''), phone ? `${path(phone)}/history` : null);
}

/** Customer changes (name, block) show in the customer lists and the customer's own views only. */
function useCustomerMutation<TVariables>(mutationFn: (variables: TVariables) => Promise<TCustomer>) {
  return useCatalogueMutation(mutationFn, (client) => client.invalidateQueries({ queryKey: customerKeys.all }));
}

export function useCreateCustomer() {
  return useCustomerMutation((input: TCustomerInput) => api.post<TCustomer>('/dashboard/customers', input));
}

export function useUpdateCustomer() {
  return useCustomerMutation(({ phone, name, note }: { phone: string; name: string | null; note: string | null }) =>
    api.put<TCustomer>(path(phone), { name, note }),
  );
}

export function useBlockCustomer() {
  return useCustomerMutation(({ phone, reason }: { phone: string; reason: string }) =>
    api.post<TCustomer>(`${path(phone)}/block`, { reason }),
  );
}

export function useUnblockCustomer() {
  return useCustomerMutation(({ phone, reason }: { phone: string; reason: string | null }) =>
    api.post<TCustomer>(`${path(phone)}/unblock`, { reason }),
  );
}
