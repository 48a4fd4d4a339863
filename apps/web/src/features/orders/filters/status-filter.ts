import { TAB_STATUS_TYPES, type TOrderTab, type TStatus } from '@cod/shared';

/**
 * The status filter lists the statuses a tab can hold (SPEC 4 tab to status types), every status
 * in the all and deleted tabs; a status already chosen in the URL stays listed so it can be read.
 */
export function offeredStatusesForFilter(statuses: readonly TStatus[], tab: TOrderTab, current: string): TStatus[] {
  if (tab === 'all' || tab === 'deleted') return [...statuses];
  const types = TAB_STATUS_TYPES[tab];
  return statuses.filter((status) => types.includes(status.type) || String(status.id) === current);
}
