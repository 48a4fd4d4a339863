import type { TPaymentRow, TPlan } from '@cod/shared';

export type { TPaymentRow, TPlan };

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

export interface TUsage {
  used: number;
  limit: number | null;
}

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

export interface TAuditRow {
  id: number;
  admin_name: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  created_at: string;
}

export interface TTenantDetail extends Omit<TTenantRow, 'users'> {
  time_zone: string;
  subscription: TSubscriptionRow | null;
  usage: { orders: TUsage; users: TUsage; shipping_companies: TUsage; sales_channels: TUsage };
  users: Array<{
    id: number;
    name: string;
    email: string;
    role: string;
    active: boolean;
    last_login_at: string | null;
  }>;
  history: TSubscriptionRow[];
  payments: TPaymentRow[];
  audit: TAuditRow[];
}
