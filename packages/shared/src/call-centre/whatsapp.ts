import { z } from 'zod';
import { m } from '../messages/message.js';
import { formatDZD } from '../money.js';
import { MAX_ID } from '../catalogue/common.js';
import { LOCALES, type TLocale } from '../auth.js';

/**
 * Issue 15.4: WhatsApp message templates (docs/decisions/0088). The shop writes a template in one
 * language with placeholders; the browser fills it from the order and opens
 * https://wa.me/<international number>?text=<filled template> (no API, no cost).
 */
// A template is written in one of the interface languages.
export const WHATSAPP_LOCALES = LOCALES;
export type TWhatsAppLocale = TLocale;

/** The placeholders a template may use, written `{name}`. */
export const WHATSAPP_PLACEHOLDERS = [
  'customer_name',
  'order_number',
  'products',
  'total',
  'wilaya',
  'commune',
  'stop_desk',
  'tracking_number',
] as const;
export type TWhatsAppPlaceholder = (typeof WHATSAPP_PLACEHOLDERS)[number];

export const WHATSAPP_TEMPLATE_MAX = 2000;

export interface TWhatsAppTemplate {
  id: number;
  name: string;
  locale: TWhatsAppLocale;
  body: string;
  created_at: string;
  updated_at: string;
}

export const WHATSAPP_MESSAGES = {
  nameRequired: m('whatsapp.name_required'),
  nameTooLong: m('whatsapp.name_too_long', { max: 80 }),
  bodyRequired: m('whatsapp.body_required'),
  bodyTooLong: m('whatsapp.body_too_long', { max: WHATSAPP_TEMPLATE_MAX }),
  localeInvalid: m('whatsapp.locale_invalid'),
  placeholderUnknown: (name: string) => m('whatsapp.placeholder_unknown', { name }),
  templateNotFound: m('whatsapp.template_not_found'),
  phoneInvalid: m('whatsapp.phone_invalid'),
  templateInvalid: m('whatsapp.template_invalid'),
  fieldUnknown: m('validation.field_unknown'),
  bodyInvalid: m('validation.invalid'),
} as const;

const PLACEHOLDER = /\{([a-z_]+)\}/g;

/** Placeholders written in a body that the fill rule does not know (`{custmer_name}`). */
export function unknownPlaceholders(body: string): string[] {
  const known = new Set<string>(WHATSAPP_PLACEHOLDERS);
  return [...new Set([...body.matchAll(PLACEHOLDER)].map((match) => match[1]!))].filter((n) => !known.has(n));
}

export const ZWhatsAppTemplateInput = z.object({
  name: z
    .string({ error: WHATSAPP_MESSAGES.nameRequired })
    .trim()
    .min(1, WHATSAPP_MESSAGES.nameRequired)
    .max(80, WHATSAPP_MESSAGES.nameTooLong),
  locale: z.enum(WHATSAPP_LOCALES, { error: WHATSAPP_MESSAGES.localeInvalid }),
  body: z
    .string({ error: WHATSAPP_MESSAGES.bodyRequired })
    .trim()
    .min(1, WHATSAPP_MESSAGES.bodyRequired)
    .max(WHATSAPP_TEMPLATE_MAX, WHATSAPP_MESSAGES.bodyTooLong)
    .superRefine((body, ctx) => {
      const [unknown] = unknownPlaceholders(body);
      if (unknown) ctx.addIssue({ code: 'custom', message: WHATSAPP_MESSAGES.placeholderUnknown(unknown) });
    }),
});
export type TWhatsAppTemplateInput = z.output<typeof ZWhatsAppTemplateInput>;

const WHATSAPP_USE_FIELDS: readonly string[] = ['template_id'];

/**
 * POST /dashboard/orders/{id}/whatsapp: the template the agent sent, or none (null or left out).
 * An id that is not a whole number, or a field the route does not know, is a 422 on that field:
 * the attempt is logged only for a body this route understands.
 */
export const ZWhatsAppUseRequest = z
  .looseObject(
    {
      template_id: z.preprocess(
        (v) => (v === '' ? null : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
        z
          .number({ error: WHATSAPP_MESSAGES.templateInvalid })
          .int(WHATSAPP_MESSAGES.templateInvalid)
          .positive(WHATSAPP_MESSAGES.templateInvalid)
          .max(MAX_ID, WHATSAPP_MESSAGES.templateInvalid)
          .nullable()
          .optional(),
      ),
    },
    { error: WHATSAPP_MESSAGES.bodyInvalid },
  )
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      if (!WHATSAPP_USE_FIELDS.includes(key)) {
        ctx.addIssue({ code: 'custom', path: [key], message: WHATSAPP_MESSAGES.fieldUnknown });
      }
    }
  })
  .transform(({ template_id }) => ({ template_id: template_id ?? null }));
export type TWhatsAppUseRequest = z.input<typeof ZWhatsAppUseRequest>;

/**
 * An Algerian phone as wa.me wants it: digits only, country code 213, no leading 0 or +.
 * 0XXXXXXXXX (10 digits: mobiles 05/06/07, fixed 0[2-4]X) -> 213XXXXXXXXX; +213 / 00213 / 213
 * forms are kept. Spaces, dots, dashes and brackets are ignored. Anything else: null.
 */
export function toWhatsAppNumber(phone: string | null | undefined): string | null {
  if (!phone) return null;
  let digits = phone.replace(/[\s.\-()/\u00a0\u202f]/g, '');
  if (digits.startsWith('+')) digits = digits.slice(1);
  else if (digits.startsWith('00')) digits = digits.slice(2);
  if (!/^\d+$/.test(digits)) return null;
  if (/^0\d{9}$/.test(digits)) return `213${digits.slice(1)}`;
  if (/^0\d{8}$/.test(digits)) return `213${digits.slice(1)}`;
  if (/^213\d{8,9}$/.test(digits)) return digits;
  return null;
}

/** What a template is filled with; any missing value becomes an empty string. */
export interface TWhatsAppValues {
  customer_name: string;
  order_number: number | string;
  /** "Montre x2, T-shirt (M)" */
  products: string;
  /** Dinars (the orders API's number), formatted fr-DZ with DA. */
  total: number | string;
  wilaya: string;
  commune: string;
  stop_desk: string | null;
  tracking_number: string | null;
}

/** The products of an order as one line of a message: "Name (variant) x2, Other". */
export function productsText(
  lines: ReadonlyArray<{ product_name: string; variant_name?: string | null; quantity: number }>,
): string {
  return lines
    .map(
      (l) =>
        `${l.product_name}${l.variant_name ? ` (${l.variant_name})` : ''}${l.quantity > 1 ? ` x${l.quantity}` : ''}`,
    )
    .join(', ');
}

/** Replaces every known `{placeholder}`; unknown ones are left as written. */
export function fillWhatsAppTemplate(body: string, values: TWhatsAppValues): string {
  const text: Record<TWhatsAppPlaceholder, string> = {
    customer_name: values.customer_name ?? '',
    order_number: String(values.order_number ?? ''),
    products: values.products ?? '',
    total: values.total === '' || values.total === null || values.total === undefined ? '' : formatDZD(values.total),
    wilaya: values.wilaya ?? '',
    commune: values.commune ?? '',
    stop_desk: values.stop_desk ?? '',
    tracking_number: values.tracking_number ?? '',
  };
  return body.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(text, name) ? text[name as TWhatsAppPlaceholder] : whole,
  );
}

/** https://wa.me/<number>?text=<encoded message>; null when the phone is not a usable number. */
export function whatsAppLink(phone: string | null | undefined, message: string): string | null {
  const number = toWhatsAppNumber(phone);
  if (!number) return null;
  return `https://wa.me/${number}?text=${encodeURIComponent(message)}`;
}
