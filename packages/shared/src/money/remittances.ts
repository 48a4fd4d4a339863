import { z } from 'zod';
import { ZListQuery, zOptionalText, zQueryId, zRefId, zRequiredText } from '../catalogue/common.js';
import { m } from '../messages/message.js';
import { zCentimes, type TCentimes } from './centimes.js';
import { zDay } from './schemas.js';

/** Ageing of the cash a carrier holds, in days since delivery (issue 13.4). */
export const AGEING_BUCKETS = ['d0_7', 'd8_14', 'd15_30', 'd30_plus'] as const;
export type TAgeingBucket = (typeof AGEING_BUCKETS)[number];

export interface TCarrierCash {
  shipping_company_id: number;
  name: string;
  owed_centimes: TCentimes;
  /** Delivered and returned parcels not yet settled. */
  parcels: number;
  /** Of those, the returned ones: each takes its return fee off what is owed (decision 0112). */
  returned_parcels: number;
  return_fees_centimes: TCentimes;
  /** The carrier's API gives its parcels' payment status: "fetch from carrier" (decision 0113). */
  fetch_payments: boolean;
  buckets: Record<TAgeingBucket, { centimes: TCentimes; parcels: number }>;
}

export interface TOwedParcel {
  order_id: number;
  order_number: number;
  tracking_number: string;
  total_centimes: TCentimes;
  fee_centimes: TCentimes;
  owed_centimes: TCentimes;
  /** When it was delivered, or returned for a returned parcel. */
  delivered_at: string;
  days: number;
  /** A returned parcel: total 0, fee = the grid's return fee, owed negative (decision 0112). */
  returned: boolean;
}

export const ZOwedQuery = ZListQuery.extend({ shipping_company_id: zQueryId });

export const REMITTANCE_ISSUES = ['unknown', 'short_paid', 'paid_twice'] as const;
export type TRemittanceIssueReason = (typeof REMITTANCE_ISSUES)[number];

export const ZRemittanceHeader = z.object({
  shipping_company_id: zRefId('shipping company'),
  box_id: zRefId('box'),
  received_on: zDay,
  reference: zOptionalText('reference', 120),
});
export type TRemittanceHeader = z.output<typeof ZRemittanceHeader>;

/** The query of a statement upload (the body is the file). */
export const ZRemittanceUploadQuery = z.object({
  shipping_company_id: zQueryId,
  box_id: zQueryId,
  received_on: zDay,
  reference: z.string().trim().max(120).optional(),
});

export const ZRemittanceLine = z.object({
  tracking_number: zRequiredText('reference', 120),
  // Signed: a returned parcel's line is the return fee the carrier deducted (decision 0112).
  amount_centimes: zCentimes('amount', { signed: true }),
});
export type TRemittanceLine = z.output<typeof ZRemittanceLine>;

/** "Fetch from carrier": the header only, the lines come from the carrier's API (decision 0113). */
export const ZRemittanceFetch = ZRemittanceHeader;

/** A remittance typed by hand: the parcels picked with what was paid for each. */
export const ZRemittanceInput = ZRemittanceHeader.extend({
  lines: z.array(ZRemittanceLine).min(1, m('money.remittance_empty')).max(50_000),
});
export type TRemittanceInput = z.output<typeof ZRemittanceInput>;

export interface TRemittanceIssue {
  line: number;
  tracking_number: string;
  reason: TRemittanceIssueReason;
  order_id: number | null;
  expected_centimes: TCentimes | null;
  paid_centimes: TCentimes;
}

export interface TRemittance {
  id: number;
  shipping_company_id: number;
  shipping_company_name: string;
  box_id: number;
  box_name: string;
  received_on: string;
  reference: string | null;
  amount_centimes: TCentimes;
  matched_count: number;
  issue_count: number;
  file_name: string | null;
  created_at: string;
}

/** Lines of one kind: how many, and the money they carry. */
export interface TRemittanceLineTotal {
  count: number;
  centimes: TCentimes;
}

/**
 * A recorded statement (decision 0141): the box was credited only with the parcels this statement
 * newly paid; the other lines credit nothing until resolved, totalled by reason.
 */
export interface TRemittanceResult extends TRemittance {
  matched_centimes: TCentimes;
  /** What the box received from this statement (never more than the statement's own total). */
  credited_centimes: TCentimes;
  not_credited: Record<TRemittanceIssueReason, TRemittanceLineTotal>;
  issues: TRemittanceIssue[];
}

export const ZRemittanceListQuery = ZListQuery.extend({ shipping_company_id: zQueryId.optional() });
