import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  ANALYTICS_DATE_FILTERS,
  ANALYTICS_FILTERS,
  type TAnalyticsDateFilter,
  type TAnalyticsFilter,
} from '@cod/shared';
import type { TReportParams } from './analytics-api';

export type TFilterValues = {
  date: TAnalyticsDateFilter;
  start?: string;
  end?: string;
  compare: boolean;
} & Partial<Record<TAnalyticsFilter, string>>;

/** The analytics filters live in the URL (issue 14.2): shareable, and Back undoes a change. */
export function useAnalyticsFilters() {
  const [params, setParams] = useSearchParams();
  const values = useMemo<TFilterValues>(() => {
    const date = params.get('date');
    const out: TFilterValues = {
      date: (ANALYTICS_DATE_FILTERS as readonly string[]).includes(date ?? '')
        ? (date as TAnalyticsDateFilter)
        : 'last_30_days',
      start: params.get('start') ?? undefined,
      end: params.get('end') ?? undefined,
      compare: params.get('compare') !== 'false',
    };
    for (const kind of ANALYTICS_FILTERS) {
      const value = params.get(kind);
      if (value) out[kind] = value;
    }
    return out;
  }, [params]);

  const update = useCallback(
    (changes: Partial<Record<keyof TFilterValues, string | boolean | undefined | null>>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === null || value === '' || (key === 'compare' && value === true))
              next.delete(key);
            else next.set(key, String(value));
          }
          if (changes.date && changes.date !== 'custom') {
            next.delete('start');
            next.delete('end');
          }
          return next;
        },
        { replace: false },
      );
    },
    [setParams],
  );

  const clear = useCallback(() => setParams(new URLSearchParams(), { replace: false }), [setParams]);

  const query: TReportParams = useMemo(
    () => ({
      date: values.date,
      start: values.date === 'custom' ? values.start : undefined,
      end: values.date === 'custom' ? values.end : undefined,
      compare: values.compare,
      ...Object.fromEntries(ANALYTICS_FILTERS.map((k) => [k, values[k]])),
    }),
    [values],
  );
  const active = ANALYTICS_FILTERS.filter((k) => values[k]).length;
  return { values, update, clear, query, active };
}
