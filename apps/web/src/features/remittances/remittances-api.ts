import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TCarrierCash, TPaged, TRemittance, TRemittanceResult } from '@cod/shared';
import { api, queryString } from '../../lib/api-client';
import { moneyKeys, useMoneyMutation } from '../cash-boxes/cash-boxes-api';

export function useCarrierCashQuery() {
  return useQuery({
    queryKey: moneyKeys.carriers(),
    queryFn: ({ signal }) => api.get<{ data: TCarrierCash[] }>('/dashboard/remittances/carriers', signal),
    select: (answer) => answer.data,
  });
}

export function useRemittancesQuery(query: { page: number; per_page: number }) {
  return useQuery({
    queryKey: moneyKeys.remittances(query),
    queryFn: ({ signal }) => api.get<TPaged<TRemittance>>(`/dashboard/remittances${queryString({ ...query })}`, signal),
    placeholderData: keepPreviousData,
  });
}

export interface TStatementUpload {
  shipping_company_id: number;
  box_id: number;
  received_on: string;
  reference: string;
  file: File;
}

/** "Fetch from carrier" (decision 0113): the carrier's own payment statement, matched on the server. */
export const useFetchRemittance = () =>
  useMoneyMutation((header: Omit<TStatementUpload, 'file'>) =>
    api.post<TRemittanceResult>('/dashboard/remittances/fetch', { ...header, reference: header.reference || null }),
  );

/** The carrier's statement: the header in the query, the file as multipart (decision 0072). */
export const useUploadStatement = () =>
  useMoneyMutation(({ file, ...header }: TStatementUpload) => {
    const body = new FormData();
    body.append('file', file);
    return api.post<TRemittanceResult>(`/dashboard/remittances/statement${queryString({ ...header })}`, body);
  });
