import {
  formatLocalDateTime,
  isLocalDateTime,
  ORDER_ACTION_MESSAGES as M,
  type TOrderStatusRequest,
  type TStatusType,
} from '@cod/shared';

// ARCHITECTURE 3.1: schedules are typed in the shop's time zone (default Africa/Algiers).
export const SHOP_TIME_ZONE = 'Africa/Algiers';

export interface TStatusFormInput {
  status: number | '';
  /** The chosen status's type (reported needs a schedule, cancelled records a time). */
  statusType: TStatusType | null;
  description: string;
  /** 'Y-m-d H:i', 24-hour (SPEC 5). */
  report_date: string;
  cancelled_at: string;
}

export type TStatusFormErrors = Partial<Record<'status' | 'order_ids' | 'report_date' | 'cancelled_at', string>>;

/** 'Y-m-d H:i' of now in the shop's zone: the cancellation time's default, the schedule's minimum. */
export function nowLocal(now = new Date()): string {
  return formatLocalDateTime(now, SHOP_TIME_ZONE);
}

/**
 * SPEC 5: a status update needs a status; the bulk one at least one order; reported needs a
 * date-time ('Please select a report date and time'), Y-m-d H:i, 24-hour, not in the past.
 * Messages are the shared English sentences (translated where shown).
 */
export function statusFormErrors(
  input: TStatusFormInput,
  options: { orderIds?: readonly number[]; now?: Date } = {},
): TStatusFormErrors {
  const errors: TStatusFormErrors = {};
  if (input.status === '') errors.status = M.statusRequired;
  if (options.orderIds && options.orderIds.length === 0) errors.order_ids = M.ordersRequired;
  if (input.statusType === 'reported') {
    if (!input.report_date) errors.report_date = M.reportDateRequired;
    else if (!isLocalDateTime(input.report_date)) errors.report_date = M.dateTimeInvalid;
    else if (input.report_date < nowLocal(options.now)) errors.report_date = M.reportDateInPast;
  }
  if (input.statusType === 'cancelled' && input.cancelled_at && !isLocalDateTime(input.cancelled_at)) {
    errors.cancelled_at = M.dateTimeInvalid;
  }
  return errors;
}

/** The request of PATCH .../{id}/status and of the bulk update (without its order ids). */
export function statusRequestOf(input: TStatusFormInput): Partial<TOrderStatusRequest> & { status: number } {
  return {
    status: input.status as number,
    description: input.description.trim() || null,
    ...(input.statusType === 'reported' ? { report_date: input.report_date } : {}),
    ...(input.statusType === 'cancelled' && input.cancelled_at ? { cancelled_at: input.cancelled_at } : {}),
  };
}
