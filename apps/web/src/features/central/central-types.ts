import type { TCentralAuditRow, TPaymentRow, TPlan, TSubscriptionRow, TTenantRow } from '@cod/shared';

// The rows are the server's own types (packages/shared/src/central/rows.ts).
export type { TPaymentRow, TPlan, TSubscriptionRow, TTenantRow };
export type TAuditRow = TCentralAuditRow;

export interface TUsage {
  used: number;
  limit: number | null;
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
