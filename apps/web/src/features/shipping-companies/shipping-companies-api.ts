import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCarrierPresetView,
  TMessageBody,
  TShippingCompany,
  TShippingCompanyInput,
  TShippingFeeRow,
  TShippingFeesUpdate,
  TStopDesk,
} from '@cod/shared';
import { api } from '../../lib/api-client';
import { shippingCompanyKeys } from '../../lib/query-keys';
import { shippingKeys } from '../shipping/shipping-api';

export function useShippingCompanies() {
  return useQuery({
    queryKey: shippingCompanyKeys.list(),
    queryFn: ({ signal }) =>
      api.get<{ data: TShippingCompany[]; total: number }>('/dashboard/shipping-companies', signal),
  });
}

export function useCarrierPresets() {
  return useQuery({
    queryKey: shippingCompanyKeys.presets(),
    queryFn: ({ signal }) => api.get<{ data: TCarrierPresetView[] }>('/dashboard/shipping-companies/presets', signal),
    staleTime: Infinity,
  });
}

export function useCompanyFees(id: number) {
  return useQuery({
    queryKey: shippingCompanyKeys.fees(id),
    queryFn: ({ signal }) => api.get<{ data: TShippingFeeRow[] }>(`/dashboard/shipping-companies/${id}/fees`, signal),
  });
}

export function useStopDesks(id: number) {
  return useQuery({
    queryKey: shippingCompanyKeys.stopDesks(id),
    queryFn: ({ signal }) =>
      api.get<{ data: TStopDesk[]; total: number }>(`/dashboard/shipping-companies/${id}/stop-desks`, signal),
  });
}

function useCompanyMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: shippingCompanyKeys.all });
      void client.invalidateQueries({ queryKey: shippingKeys.companyOptions() });
    },
  });
}

type TSaved = TMessageBody & { data: TShippingCompany };

export function useSaveCompany() {
  return useCompanyMutation(({ id, input }: { id: number | null; input: TShippingCompanyInput }) =>
    id === null
      ? api.post<TSaved>('/dashboard/shipping-companies', input)
      : api.put<TSaved>(`/dashboard/shipping-companies/${id}`, input),
  );
}

export function useDeleteCompany() {
  return useCompanyMutation((id: number) =>
    api.delete<TMessageBody & { outcome: 'deleted' | 'archived' }>(`/dashboard/shipping-companies/${id}`),
  );
}

export function useTestConnection() {
  return useMutation({
    mutationFn: (id: number) =>
      api.post<TMessageBody & { success: boolean }>(`/dashboard/shipping-companies/${id}/test-connection`),
  });
}

export function useSaveFees() {
  return useCompanyMutation(({ id, fees }: { id: number; fees: TShippingFeesUpdate['fees'] }) =>
    api.put<{ data: TShippingFeeRow[] }>(`/dashboard/shipping-companies/${id}/fees`, { fees }),
  );
}

export function useImportFees() {
  return useCompanyMutation((id: number) =>
    api.post<TMessageBody & { data: TShippingFeeRow[] }>(`/dashboard/shipping-companies/${id}/fees/import`),
  );
}

export function useRefreshStopDesks() {
  return useCompanyMutation((id: number) =>
    api.post<TMessageBody & { total: number }>(`/dashboard/shipping-companies/${id}/stop-desks/refresh`),
  );
}
