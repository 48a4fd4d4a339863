import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  TAdSpendImportQuery,
  TAdSpendImportResult,
  TEntryDirection,
  TEntryInput,
  TEntryListQuery,
  TEntryPage,
  TMoneyCategory,
  TMoneyEntry,
} from '@cod/shared';
import { api, queryString } from '../../lib/api-client';
import { moneyKeys, useMoneyMutation } from '../cash-boxes/cash-boxes-api';
import { downloadFile } from '../imports/imports-api';

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

/** An entry's receipt (docs/decisions/0105): a File attaches (or replaces) it, null removes it. */
export const useEntryReceipt = (direction: TEntryDirection) =>
  useMoneyMutation(({ id, file }: { id: number; file: File | null }) => {
    const path = `${entriesPath(direction)}/${id}/attachment`;
    if (!file) return api.delete<TMoneyEntry>(path);
    const body = new FormData();
    body.append('receipt', file);
    return api.put<TMoneyEntry>(path, body);
  });

export const downloadReceipt = (direction: TEntryDirection, entry: Pick<TMoneyEntry, 'id' | 'attachment_name'>) =>
  downloadFile(`${entriesPath(direction)}/${entry.id}/attachment`, {
    fallbackName: entry.attachment_name ?? 'receipt',
  });

export const useDeleteEntry = (direction: TEntryDirection) =>
  useMoneyMutation((id: number) => api.delete(`${entriesPath(direction)}/${id}`));

export const useAddCategory = (direction: TEntryDirection) =>
  useMoneyMutation((name: string) => api.post<TMoneyCategory>(`${entriesPath(direction)}/categories`, { name }));

/** Ad spend from an ads manager's export: source, box and product in the query (decision 0105). */
export const useImportAdSpend = () =>
  useMoneyMutation(({ file, ...query }: TAdSpendImportQuery & { file: File }) => {
    const body = new FormData();
    body.append('file', file);
    return api.post<TAdSpendImportResult>(`/dashboard/expenses/ad-spend${queryString({ ...query })}`, body);
  });
