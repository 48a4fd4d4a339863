import { z } from 'zod';
import { m } from '../messages/message.js';
import { zRequiredText } from '../catalogue/common.js';
import { fieldRequired } from '../catalogue/messages.js';
import { ZAlgerianPhone } from '../catalogue/phone.js';
import { isReservedShopName } from '../tenant.js';

/**
 * Public sign-up (issue 19.5, docs/decisions/0097): the register form, the waiting list and the
 * Chargily online payment's choices. Pure, so the web validates as the server does.
 */

export const WAITING_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TWaitingStatus = (typeof WAITING_STATUSES)[number];

/** Expected orders per month: a whole number from 0 to a million. */
export const MAX_EXPECTED_ORDERS = 1_000_000;

export const ZRegisterInput = z.object({
  // The shop's identifier is made from its name (cqNameFrom): a name the platform keeps is refused.
  shop_name: zRequiredText('name', 120).refine(
    (name) => !isReservedShopName(cqNameFrom(name)),
    m('tenant.name_reserved'),
  ),
  owner_name: zRequiredText('name', 120),
  phone: ZAlgerianPhone,
  email: z
    .string({ error: fieldRequired('email') })
    .trim()
    .toLowerCase()
    .min(1, fieldRequired('email'))
    .max(190, m('validation.too_long', { field: 'email', max: 190 }))
    .email(m('validation.email')),
  wilaya_id: z.preprocess(
    (v) => (v === '' || v == null ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: fieldRequired('wilaya') })
      .int(m('validation.selected_invalid', { field: 'wilaya' }))
      .min(1, m('validation.selected_invalid', { field: 'wilaya' }))
      .max(58, m('validation.selected_invalid', { field: 'wilaya' })),
  ),
  expected_orders: z.preprocess(
    (v) => (v === '' || v == null ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: fieldRequired('quantity') })
      .int(m('validation.whole_number', { field: 'quantity' }))
      .min(0, m('validation.min', { field: 'quantity', min: 0 }))
      .max(MAX_EXPECTED_ORDERS, m('validation.max', { field: 'quantity', max: MAX_EXPECTED_ORDERS })),
  ),
  locale: z.enum(['en', 'fr', 'ar']).catch('en').default('en'),
  /** The honeypot: hidden from people, filled by bots. Anything in it drops the registration silently. */
  website: z.string().max(500).optional().catch('bot'),
});
export type TRegisterInput = z.input<typeof ZRegisterInput>;

export interface TWaitingEntry {
  id: number;
  shop_name: string;
  owner_name: string;
  phone: string;
  email: string;
  wilaya_id: number;
  wilaya: string | null;
  expected_orders: number;
  locale: string;
  status: TWaitingStatus;
  reject_reason: string | null;
  tenant_id: number | null;
  cq_name: string | null;
  decided_by: string | null;
  decided_at: string | null;
  created_at: string;
}

export const ZRejectInput = z.object({
  reason: zRequiredText('reason', 500),
});

/** A shop identifier (cq_name) from a shop name: lowercase ASCII letters, digits and hyphens. */
export function cqNameFrom(shopName: string): string {
  const base = shopName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32)
    .replace(/-+$/g, '');
  return base.length >= 3 ? base : `shop${base ? `-${base}` : ''}`;
}

// ---------------------------------------------------------------- online payment (Chargily Pay)

export const BILLING_PERIODS = ['month', 'year'] as const;
export type TBillingPeriod = (typeof BILLING_PERIODS)[number];

export const ZCheckoutInput = z.object({
  plan_id: z
    .number({ error: fieldRequired('plan') })
    .int(m('validation.selected_invalid', { field: 'plan' }))
    .positive(m('validation.selected_invalid', { field: 'plan' })),
  period: z.enum(BILLING_PERIODS, { error: m('validation.selected_invalid', { field: 'period' }) }),
});
export type TCheckoutInput = z.input<typeof ZCheckoutInput>;

/** What a plan costs for a period, in whole dinars, and how many months it covers. */
export function checkoutPrice(
  plan: { price_month: number; price_year: number },
  period: TBillingPeriod,
): { amount: number; months: number } {
  return period === 'year' ? { amount: plan.price_year, months: 12 } : { amount: plan.price_month, months: 1 };
}

/** Chargily Pay refuses amounts under 50 DZD (docs/decisions/0098). */
export const CHARGILY_MIN_AMOUNT = 50;

export interface TCentralDashboard {
  tenants: Record<'active' | 'trialing' | 'past_due' | 'expired' | 'suspended', number>;
  mrr: number;
  payments_month: { count: number; amount: number };
  trials_ending: Array<{ tenant_id: number; cq_name: string; name: string; valid_to: string }>;
  waiting: number;
  signups_per_week: Array<{ week: string; count: number }>;
  orders_per_day: Array<{ day: string; count: number }>;
}
