import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TCommissionPayout, TCommissionQuery, TCommissionsAnswer, TOrderProfit } from '@cod/shared';
import { api, queryString } from '../../lib/api-client';
import { useMoneyMutation } from '../cash-boxes/cash-boxes-api';

/** Issue 13.5: an agent's (or every agent's) commissions of a month. */
export function useCommissionsQuery(query: TCommissionQuery) {
  return useQuery({
    queryKey: ['money', 'commissions', query],
    queryFn: ({ signal }) => api.get<TCommissionsAnswer>(`/dashboard/commissions${queryString({ ...query })}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** A payout is an expense, so every money query refreshes after it (boxes, expenses, commissions). */
export const usePayCommission = () =>
  useMoneyMutation((input: TCommissionPayout) =>
    api.post<{ expense_id: number; due_centimes: number }>('/dashboard/commissions/payouts', input),
  );

export type TOrderProfitAnswer = TOrderProfit & { order_id: number; day: string };

/** Issue 13.6: an order's profit, for those who see costs. */
export function useOrderProfitQuery(orderId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', orderId, 'profit'],
    queryFn: ({ signal }) => api.get<TOrderProfitAnswer>(`/dashboard/orders/${orderId}/profit`, signal),
    enabled,
  });
}
