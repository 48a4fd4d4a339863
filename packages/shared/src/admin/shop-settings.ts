import { z } from 'zod';
import { m } from '../messages/message.js';
import { zOptionalText, zRequiredText } from '../catalogue/common.js';
import { ZOptionalAlgerianPhone } from '../catalogue/phone.js';

/** The Algerian week, as the shop's working hours list it (the weekend is Friday and Saturday). */
export const WEEK_DAYS = ['sat', 'sun', 'mon', 'tue', 'wed', 'thu', 'fri'] as const;
export type TWeekDay = (typeof WEEK_DAYS)[number];

/** One day's hours, "HH:MM" 24-hour in the shop's time zone; null when the shop is closed. */
export interface TWorkingDay {
  open: string;
  close: string;
}
export type TWorkingHours = Record<TWeekDay, TWorkingDay | null>;

export const DEFAULT_TIME_ZONE = 'Africa/Algiers';
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
/** 09:00 to 17:00 every day but Friday, when the shop is closed. */
export const DEFAULT_WORKING_HOURS = Object.fromEntries(
  WEEK_DAYS.map((day) => [day, day === 'fri' ? null : { open: '09:00', close: '17:00' }]),
) as TWorkingHours;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const ZWorkingDay = z
  .object({
    open: z.string().regex(TIME, m('shop_settings.time_format')),
    close: z.string().regex(TIME, m('shop_settings.time_format')),
  })
  // Compared only once both are well-formed times (a malformed one has its own message).
  .refine((day) => !TIME.test(day.open) || !TIME.test(day.close) || day.open < day.close, {
    path: ['close'],
    message: m('shop_settings.hours_order'),
  })
  .nullable();

export const ZWorkingHours = z.object(
  Object.fromEntries(WEEK_DAYS.map((day) => [day, ZWorkingDay])) as Record<TWeekDay, typeof ZWorkingDay>,
);

/** Whether the runtime knows this IANA time zone (both Node and the browser answer it). */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value.includes('/') || value === 'UTC';
  } catch {
    return false;
  }
}

/** Issue 18.5: PUT /dashboard/shop-settings (the logo has its own upload route). */
export const ZShopSettingsInput = z.object({
  shop_name: zRequiredText('name', 120),
  sender_address: zOptionalText('address', 300),
  sender_phone: ZOptionalAlgerianPhone,
  time_zone: z.string().refine(isTimeZone, m('tenant.time_zone_invalid')),
  default_shipping_company_id: z.coerce
    .number()
    .int(m('validation.selected_invalid', { field: 'shipping company' }))
    .positive(m('validation.selected_invalid', { field: 'shipping company' }))
    .nullish()
    .transform((value) => value ?? null),
  working_hours: ZWorkingHours,
  whatsapp_phone: ZOptionalAlgerianPhone,
  low_stock_threshold: z.coerce
    .number({ error: m('validation.whole_number', { field: 'low stock threshold' }) })
    .int(m('validation.whole_number', { field: 'low stock threshold' }))
    .min(0, m('validation.not_below', { field: 'low stock threshold', min: 0 }))
    .max(1_000_000, m('validation.max', { field: 'low stock threshold', max: 1_000_000 })),
});
export type TShopSettingsInput = z.input<typeof ZShopSettingsInput>;
export type TShopSettingsValues = z.output<typeof ZShopSettingsInput>;

/** GET /dashboard/shop-settings. */
export interface TShopSettings extends TShopSettingsValues {
  logo_url: string | null;
  updated_at: string;
}
