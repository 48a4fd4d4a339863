/**
 * A shop's payment as the central administration lists it (GET /central/payments, and a shop's
 * detail): written once for the server's query and the web's tables (issue 19.4, decision 0066).
 * Days are 'YYYY-MM-DD', instants ISO 8601 in UTC; amount in centimes.
 */
export interface TPaymentRow {
  id: number;
  tenant_id: number;
  cq_name: string;
  tenant_name: string;
  plan: string;
  amount: number;
  method: string;
  reference: string | null;
  paid_on: string;
  period_months: number;
  period_from: string;
  period_to: string;
  valid_to_before: string;
  has_receipt: boolean;
  receipt_name: string | null;
  note: string | null;
  /** The central administrator who recorded it; null when none did (a payment made online). */
  recorded_by: string | null;
  created_at: string;
  voided_at: string | null;
  voided_by: string | null;
  void_reason: string | null;
}
