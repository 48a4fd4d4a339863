import {
  fillWhatsAppTemplate,
  productsText,
  whatsAppLink,
  type TOrderRow,
  type TWhatsAppLocale,
  type TWhatsAppValues,
} from '@cod/shared';

/**
 * What a template is filled with for an order (issue 15.4): the wilaya and commune in the
 * template's language (Arabic names for an Arabic template), the stop desk's name when known.
 */
export function whatsAppValuesOf(
  order: TOrderRow,
  locale: TWhatsAppLocale,
  stopDeskName: string | null = null,
): TWhatsAppValues {
  const tracking = order.tracking_number ?? order.shipment_status?.tracking_number ?? null;
  return {
    customer_name: order.customer_full_name,
    order_number: order.order_number,
    products: productsText(order.products),
    total: order.total,
    wilaya: (locale === 'ar' ? order.state?.name_ar : order.state?.name) ?? '',
    commune: (locale === 'ar' ? order.city?.name_ar : order.city?.name) ?? '',
    stop_desk: order.is_stopdesk ? (stopDeskName ?? (order.stopdesk_id !== null ? `#${order.stopdesk_id}` : '')) : '',
    tracking_number: tracking,
  };
}

/** The wa.me link of a template for an order; null when the phone is not usable. */
export function whatsAppLinkFor(
  order: TOrderRow,
  template: { locale: TWhatsAppLocale; body: string } | null,
  stopDeskName: string | null = null,
): string | null {
  const text = template
    ? fillWhatsAppTemplate(template.body, whatsAppValuesOf(order, template.locale, stopDeskName))
    : '';
  const link = whatsAppLink(order.customer_phone_1, text);
  return link && !template ? link.replace(/\?text=$/, '') : link;
}
