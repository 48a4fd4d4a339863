import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  TEntryDirection,
  TEntryInput,
  TEntryListQuery,
  TEntryPage,
  TMoneyCategory,
  TMoneyEntry,
} from '@cod/shared';
import { api, queryString } from '../../lib/api-client';
import { moneyKeys, useMoneyMutation } from '../cash-boxes/cash-boxes-api';

/** SPEC 2.2 route names: expenses and incomes. */
export const entriesPath = (direction: TEntryDirection) =>
  direction === 'expense' ? '/dashboard/expenses' : '/dashboard/incomes';

export function useEntriesQuery(direction: TEntryDirection, query: Partial<TEntryListQuery>) {
  return useQuery({
    queryKey: direction === 'expense' ? moneyKeys.expenses(query) : moneyKeys.incomes(query),
    queryFn: ({ signal }) => api.get<TEntryPage>(`${entriesPath(direction)}${queryString({ ...query })}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCategoriesQuery(direction: TEntryDirection) {
  return useQuery({
    queryKey: moneyKeys.categories(direction),
    queryFn: ({ signal }) => api.get<{ data: TMoneyCategory[] }>(`${entriesPath(direction)}/categories`, signal),
    select: (answer) => answer.data,
  });
}

export const useSaveEntry = (direction: TEntryDirection) =>
  useMoneyMutation(({ id, input }: { id: number | null; input: TEntryInput }) =>
    id === null
      ? api.post<TMoneyEntry>(entriesPath(direction), input)
      : api.put<TMoneyEntry>(`${entriesPath(direction)}/${id}`, input),
  );

export const useDeleteEntry = (direction: TEntryDirection) =>
  useMoneyMutation((id: number) => api.delete(`${entriesPath(direction)}/${id}`));

export const useAddCategory = (direction: TEntryDirection) =>
  useMoneyMutation((name: string) => api.post<TMoneyCategory>(`${entriesPath(direction)}/categories`, { name }));
