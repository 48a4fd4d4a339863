import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TCashBox,
  TCashBoxInput,
  TCashBoxesAnswer,
  TMovementInput,
  TMovementListQuery,
  TMovementPage,
  TTransferInput,
} from '@cod/shared';
import { api, queryString } from '../../lib/api-client';

/** Every money screen reads boxes; any write can move a balance, so all money queries refresh. */
export const moneyKeys = {
  all: ['money'] as const,
  boxes: () => ['money', 'boxes'] as const,
  movements: (query: Partial<TMovementListQuery>) => ['money', 'movements', query] as const,
  expenses: (query: object) => ['money', 'expenses', query] as const,
  incomes: (query: object) => ['money', 'incomes', query] as const,
  categories: (direction: string) => ['money', 'categories', direction] as const,
  remittances: (query: object) => ['money', 'remittances', query] as const,
  carriers: () => ['money', 'carriers'] as const,
};

export function useCasesQuery() {
  return useQuery({
    queryKey: moneyKeys.boxes(),
    queryFn: ({ signal }) => api.get<TCashBoxesAnswer>('/dashboard/cases', signal),
  });
}

export function useMovementsQuery(query: Partial<TMovementListQuery>) {
  return useQuery({
    queryKey: moneyKeys.movements(query),
    queryFn: ({ signal }) => api.get<TMovementPage>(`/dashboard/cases/movements${queryString({ ...query })}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** A write of the money screens: refreshes boxes, movements, expenses and income alike. */
export function useMoneyMutation<TArgs, TResult>(run: (args: TArgs) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => client.invalidateQueries({ queryKey: moneyKeys.all }),
  });
}

export const useCreateBox = () =>
  useMoneyMutation((input: TCashBoxInput) => api.post<TCashBox>('/dashboard/cases', input));
export const useTransfer = () =>
  useMoneyMutation((input: TTransferInput) => api.post('/dashboard/cases/transfers', input));
export const useRecordMovement = () =>
  useMoneyMutation((input: TMovementInput) => api.post('/dashboard/cases/movements', input));
export const useReverseMovement = () =>
  useMoneyMutation((id: number) => api.post(`/dashboard/cases/movements/${id}/reverse`, {}));
export const useDeleteMovement = () => useMoneyMutation((id: number) => api.delete(`/dashboard/cases/movements/${id}`));
export const useCloseDay = () =>
  useMoneyMutation((day: string) =>
    api.post<{ closed_through: string; code: string; params: Record<string, string> }>('/dashboard/cases/close-day', {
      day,
    }),
  );
