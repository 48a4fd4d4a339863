import type { TCustomerRisk } from '../call-centre/risk.js';
import type { TOrderCallSummary } from '../call-centre/outcomes.js';
import type { TCustomField } from '../catalogue/product.js';
import type { TBlockedCustomer } from '../catalogue/customer.js';
import type { TCustomFieldValues } from '../catalogue/custom-field-values.js';
import type { TOrderTab, TStatusType } from '../statuses.js';
import type { TOrderShipmentStatus } from './order-list-query.js';

export type TOrderStatusRef = {
  id: number;
  name: string;
  display_name: string;
  color: string;
  type: TStatusType;
};

/** SPEC 3 order product line, with the product's name, variants and custom fields. */
export type TOrderLine = {
  id: number;
  product_id: number;
  variant_id: number | null;
  quantity: number;
  /** Selling price of one unit on this order. */
  price: number;
  /** The catalogue price when the line was written (SPEC 5 discount). */
  catalogue_price: number | null;
  product_name: string;
  variant_name: string | null;
  product: {
    id: number;
    name: string;
    price: number;
    has_variants: boolean;
    variants: Array<{ id: number; name: string; price: number; archived: boolean }>;
    /** In lists: [] (the dialogs read the order itself); has_custom_fields says whether it asks any. */
    custom_fields: TCustomField[];
    has_custom_fields?: boolean;
  };
};

/** SPEC 3 fulfillment_statuses: every status the order went through, creation included. */
export type TFulfillmentStatus = {
  id: number;
  status: TOrderStatusRef;
  description: string | null;
  created_at: string;
  creator: { id: number; name: string } | null;
};

/** A row of GET /dashboard/orders: every SPEC 3 Order field. */
export type TOrderRow = {
  id: number;
  order_number: number;
  tracking_number: string | null;
  customer_id: number;
  customer_full_name: string;
  customer_phone_1: string;
  customer_phone_2: string | null;
  /** The wilaya code (1..58). */
  state_id: number;
  city_id: number;
  customer_address: string | null;
  agent_id: number | null;
  agent: { id: number; name: string } | null;
  is_stopdesk: boolean;
  stopdesk_id: number | null;
  note: string | null;
  free_delivery: boolean;
  delivery_price: number;
  /** Lines plus delivery (0 when free_delivery), computed by the server. */
  total: number;
  /** Catalogue total minus line total (SPEC 5). */
  discount: number;
  status_id: number;
  shipping_company_id: number | null;
  products: TOrderLine[];
  /** In lists: []; GET /dashboard/orders/{id} has the answers (docs/decisions/0049). */
  customer_custom_fields: Array<{ product_id: number; field_values: TCustomFieldValues }>;
  sales_source: string | null;
  campaign_id: string | null;
  source_metadata: Record<string, unknown> | null;
  latest_status: { status: TOrderStatusRef; description: string | null; created_at: string } | null;
  /**
   * GET /dashboard/orders/{id}: the whole history, newest first. In lists, events and the answers of
   * writes: the latest entry only; the timeline dialog reads GET /dashboard/orders/{id}/status-timeline
   * (docs/decisions/0049). Likewise a list line's `product.variants` holds the line's own variant only.
   */
  fulfillment_statuses: TFulfillmentStatus[];
  /** The shipping issue fills these; null until an order has a shipment. */
  current_shipment: Record<string, unknown> | null;
  shipment_status: {
    tracking_number: string | null;
    provider_status: string | null;
    status: TOrderShipmentStatus;
  } | null;
  sales_channel: { id: number; name: string; icon: string | null; source_type: string } | null;
  is_blocked: boolean;
  blocked_customer: TBlockedCustomer | null;
  /** Orders of the same customer created before this one (deleted ones not counted). */
  previous_orders_count: number;
  /** Another open order of the same phone within 7 days of this one (docs/decisions/0016). */
  is_duplicate: boolean;
  /** Issue 15: the order's call attempts (decision 0083) and its customer's risk (0085). */
  call?: TOrderCallSummary;
  customer_risk?: TCustomerRisk;
  /** 'Y-m-d H:i' in the shop's time zone. */
  formatted_created_at: string;
  created_time_ago: string;
  state: { id: number; name: string; name_ar: string };
  city: { id: number; name: string; name_ar: string };
  /** The schedule of a reported order (ISO instant) and its 'Y-m-d H:i' in the shop's zone. */
  reported_at: string | null;
  formatted_reported_at: string | null;
  cancelled_at: string | null;
  dispatched_at: string | null;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
};

export type TOrderListResponse = {
  data: TOrderRow[];
  /** Rows of the current tab under the filters (equals counts[tab]). */
  total: number;
  /** SPEC 2.4: every tab's count under the same filters, in the same answer. */
  counts: Record<TOrderTab, number>;
};

/** GET /dashboard/agents: who can be assigned orders (users who can see orders). */
export type TAgentOption = { id: number; name: string; role: string; avatar_url: string | null };

/** GET /dashboard/orders/phone-check. */
export type TPhoneCheck = {
  phone: string;
  is_blocked: boolean;
  blocked_customer: TBlockedCustomer | null;
  previous_orders_count: number;
  /** Open orders of this phone created in the last 7 days (SPEC: duplicate warning). */
  duplicates: Array<{ id: number; order_number: number; created_at: string; status: TOrderStatusRef }>;
};

/** POST /api/orders answer (201), identical for every retry of one Idempotency-Key. */
export type TIntakeOrderResponse = { id: number; order_number: number };

/**
 * Payload of the real-time events OrderCreated and OrderStatusUpdated (SPEC 7). `order` is the row
 * as the list shows it; tabs_before/tabs_after say which tab counts lose and gain one, so a screen
 * updates its row and its counts without refetching. OrderStatusUpdated also carries the other
 * changes of a row (edit, agent, delete, restore): `change` says which.
 */
export type TOrderChange = 'created' | 'updated' | 'status' | 'assigned' | 'deleted' | 'restored';
export type TOrderEventPayload = {
  change: TOrderChange;
  order: TOrderRow;
  tabs_before: TOrderTab[];
  tabs_after: TOrderTab[];
  /** The agent before the change (the row has the current one), for agents' scoped counts. */
  agent_id_before: number | null;
  actor_id: number | null;
};
export type TOrderCreatedPayload = TOrderEventPayload & { change: 'created' };

/** An entry of the customer summary's `orders` (GET /dashboard/customers/{phone}/history). */
export type TCustomerHistoryOrder = {
  id: number;
  order_number: number;
  total: number;
  created_at: string;
  status: TOrderStatusRef;
};
