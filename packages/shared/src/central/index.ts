import { z } from 'zod';
import { m } from '../messages/message.js';
import type { TFieldName } from '../messages/fields.js';
import { zOptionalText, zRequiredText } from '../catalogue/common.js';
import { fieldRequired } from '../catalogue/messages.js';

/**
 * Central administration (issue 19, docs/decisions/0062-0066): plans, subscriptions and payments.
 * The rules here are pure so the server, the daily job and the web read them alike.
 */

export const CENTRAL_TIME_ZONE = 'Africa/Algiers';
export const DEFAULT_GRACE_DAYS = 3;
export const DEFAULT_TRIAL_DAYS = 14;
/** Reminder mails go out this many days before valid_to. */
export const REMINDER_DAYS = [7, 3, 1] as const;

export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'expired', 'suspended'] as const;
export type TSubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Expired and suspended shops may read (and export) but not write (docs/decisions/0064). */
export const isBlockedSubscription = (status: string | null | undefined): boolean =>
  status === 'expired' || status === 'suspended';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Where a subscription stands at `now`: suspended wins; before valid_to it runs (trialing on the
 * Trial plan); then past_due for the grace days; then expired.
 */
export function subscriptionStatusAt(
  subscription: { isTrial: boolean; validTo: Date; suspended: boolean },
  now: Date,
  graceDays: number = DEFAULT_GRACE_DAYS,
): TSubscriptionStatus {
  if (subscription.suspended) return 'suspended';
  const end = subscription.validTo.getTime();
  if (now.getTime() < end) return subscription.isTrial ? 'trialing' : 'active';
  if (now.getTime() < end + graceDays * DAY_MS) return 'past_due';
  return 'expired';
}

/** A payment for `months` extends from max(now, valid_to), by calendar months. */
export function extendedValidTo(validTo: Date, months: number, now: Date): { from: Date; to: Date } {
  const from = new Date(Math.max(validTo.getTime(), now.getTime()));
  const to = new Date(from);
  const day = to.getUTCDate();
  to.setUTCMonth(to.getUTCMonth() + months);
  // 31 January + 1 month is the last day of February, not 3 March.
  if (to.getUTCDate() !== day) to.setUTCDate(0);
  return { from, to };
}

/** The calendar day of an instant in a time zone, as YYYY-MM-DD. */
export function dayIn(date: Date, timeZone: string = CENTRAL_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** The calendar month of an instant in a time zone, as YYYY-MM (the monthly order quota's key). */
export const monthIn = (date: Date, timeZone: string = CENTRAL_TIME_ZONE): string => dayIn(date, timeZone).slice(0, 7);

/** Whole calendar days (in the time zone) from `now`'s day to `validTo`'s day. */
export function calendarDaysUntil(validTo: Date, now: Date, timeZone: string = CENTRAL_TIME_ZONE): number {
  const a = Date.parse(`${dayIn(now, timeZone)}T00:00:00Z`);
  const b = Date.parse(`${dayIn(validTo, timeZone)}T00:00:00Z`);
  return Math.round((b - a) / DAY_MS);
}

/** The page props' status (SPEC 3/4 know active or not): a running Trial is active. */
export function pagePropsStatus(status: TSubscriptionStatus | null | undefined): string {
  if (!status) return 'inactive';
  return status === 'trialing' ? 'active' : status;
}

// ---------------------------------------------------------------- input schemas

const MAX_LIMIT = 10_000_000;
const MAX_PRICE = 100_000_000;

const wholeNumber = (field: TFieldName, min: number, max: number) =>
  z
    .number({ error: (issue) => (issue.input == null ? fieldRequired(field) : m('validation.number', { field })) })
    .int(m('validation.whole_number', { field }))
    .min(min, m('validation.min', { field, min }))
    .max(max, m('validation.max', { field, max }));

/** A plan limit: a whole number, or null (or an empty field) for unlimited. */
const zLimit = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  wholeNumber('limit', 0, MAX_LIMIT).nullable(),
);

export const PLAN_FEATURES = ['imports', 'intake_api', 'exports', 'analytics', 'carrier_integrations'] as const;
export type TPlanFeature = (typeof PLAN_FEATURES)[number];

export const ZPlanInput = z.object({
  name: zRequiredText('name', 60),
  price_month: wholeNumber('price', 0, MAX_PRICE),
  price_year: wholeNumber('price', 0, MAX_PRICE),
  duration_days: wholeNumber('duration', 1, 3650).default(30),
  max_orders_per_month: zLimit,
  max_users: zLimit,
  max_shipping_companies: zLimit,
  max_sales_channels: zLimit,
  features: z.partialRecord(z.enum(PLAN_FEATURES), z.boolean()).default({}),
});
export type TPlanInput = z.input<typeof ZPlanInput>;

export interface TPlan {
  id: number;
  name: string;
  is_trial: boolean;
  price_month: number;
  price_year: number;
  duration_days: number;
  max_orders_per_month: number | null;
  max_users: number | null;
  max_shipping_companies: number | null;
  max_sales_channels: number | null;
  features: Partial<Record<TPlanFeature, boolean>>;
  archived: boolean;
  subscribers: number;
}

/** A plan as GET /central/public/plans shows it on the landing page (issue 19.5). */
export type TPublicPlan = Pick<
  TPlan,
  'id' | 'name' | 'is_trial' | 'price_month' | 'price_year' | 'duration_days' | 'max_orders_per_month' | 'max_users'
>;

export const ZChangePlanInput = z.object({
  plan_id: wholeNumber('plan', 1, 2_147_483_647),
});

/**
 * Extends valid_to by whole days from max(now, valid_to), or sets it to the end of a given day
 * (Africa/Algiers) to correct a mistake; the status follows at once.
 */
export const ZExtendInput = z
  .object({
    days: z.preprocess((v) => (v === '' || v == null ? undefined : v), wholeNumber('duration', 1, 3650).optional()),
    valid_to: z.preprocess(
      (v) => (v === '' || v == null ? undefined : v),
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, m('validation.invalid'))
        .optional(),
    ),
    reason: zOptionalText('reason', 500),
  })
  .refine((v) => v.days !== undefined || v.valid_to !== undefined, {
    message: m('validation.required', { field: 'duration' }),
    path: ['days'],
  });

/** The end of a calendar day in Africa/Algiers (UTC+1 all year) as an instant. */
export const endOfAlgiersDay = (day: string): Date => new Date(`${day}T23:00:00Z`);

export const ZSuspendInput = z.object({
  reason: zOptionalText('reason', 500),
});

export const PAYMENT_METHODS = ['bank_transfer', 'ccp', 'baridimob', 'cash', 'other'] as const;
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];

const zDate = (field: TFieldName) =>
  z
    .string({ error: fieldRequired(field) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, m('validation.invalid'))
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), m('validation.invalid'));

/** A payment (multipart fields are strings: numbers are coerced). */
export const ZPaymentInput = z.object({
  tenant_id: z.coerce.number().pipe(wholeNumber('name', 1, 2_147_483_647)),
  plan_id: z.preprocess(
    (v) => (v === '' || v == null ? undefined : Number(v)),
    wholeNumber('plan', 1, 2_147_483_647).optional(),
  ),
  amount: z.coerce.number().pipe(wholeNumber('amount', 0, MAX_PRICE)),
  method: z.enum(PAYMENT_METHODS, { error: m('validation.selected_invalid', { field: 'method' }) }),
  reference: zOptionalText('reference', 120),
  paid_on: zDate('payment date'),
  period_months: z.coerce.number().pipe(wholeNumber('period', 1, 36)),
  note: zOptionalText('note', 500),
});
export type TPaymentInput = z.input<typeof ZPaymentInput>;

export const ZVoidPaymentInput = z.object({
  reason: zRequiredText('reason', 500),
});

/** The support WhatsApp number: international digits, no plus sign (wa.me's form), or empty. */
export const ZCentralSettingsInput = z.object({
  support_whatsapp: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s+\-()]/g, ''))
    .refine((v) => v === '' || /^[1-9]\d{7,14}$/.test(v), m('central_settings.whatsapp_format')),
  grace_days: wholeNumber('duration', 0, 60),
  /** Sign-up creates the shop on the Trial at once instead of the waiting list (left out: unchanged). */
  open_signup: z.boolean().optional(),
});
export type TCentralSettings = z.infer<typeof ZCentralSettingsInput>;

/** The floating button's link (SPEC 1): the support number, and a first message naming the shop. */
export function supportWhatsAppLink(number: string, message: string): string | null {
  const digits = number.replace(/\D/g, '');
  if (!digits) return null;
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}

export * from './register.js';
export * from './tutorials.js';
export type { TPaymentRow } from './payments.js';
export type { TCentralAuditRow, TSubscriptionRow, TTenantRow } from './rows.js';
