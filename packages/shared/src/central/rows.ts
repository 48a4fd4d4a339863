/**
 * The central lists' rows (issue 19, item 5 of its cleanup), written once for the server's queries
 * and the web's tables like TPaymentRow. Instants are ISO 8601 in UTC.
 */

/** A shop in GET /central/tenants, with its current plan and this month's orders. */
export interface TTenantRow {
  id: number;
  cq_name: string;
  name: string;
  created_at: string;
  plan: string | null;
  plan_id: number | null;
  status: string | null;
  valid_to: string | null;
  users: number;
  orders_this_month: number;
  max_orders_per_month: number | null;
  last_activity: string | null;
}

/** A subscription (current or history); the list of GET /central/subscriptions names its shop. */
export interface TSubscriptionRow {
  id: number;
  tenant_id: number;
  plan_id: number;
  plan: string;
  is_trial: boolean;
  status: string;
  valid_from: string;
  valid_to: string;
  suspended_at: string | null;
  suspend_reason: string | null;
  current: boolean;
  created_at: string;
  cq_name?: string;
  tenant_name?: string;
}

/** One entry of the central audit log (who, what, before/after), shown on the tenant page. */
export interface TCentralAuditRow {
  id: number;
  admin_name: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  created_at: string;
}
