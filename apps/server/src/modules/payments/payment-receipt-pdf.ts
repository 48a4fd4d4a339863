import type { Writable } from 'node:stream';
import { formatDZD, PRODUCT_NAME } from '@cod/shared';
import PDFDocument from 'pdfkit';
import { registerFonts } from '../../documents/fonts.js';
import { drawLine } from '../../documents/pdf-text.js';
import type { TPaymentRow } from './payments.repository.js';

export type TReceiptLocale = 'fr' | 'ar' | 'en';

const LABELS: Record<TReceiptLocale, Record<string, string>> = {
  fr: {
    title: 'Reçu de paiement',
    number: 'Reçu n°',
    shop: 'Boutique',
    plan: 'Formule',
    amount: 'Montant',
    method: 'Moyen de paiement',
    reference: 'Référence',
    paid_on: 'Payé le',
    period: 'Période couverte',
    recorded_by: 'Enregistré par',
    voided: 'ANNULÉ',
    online: 'Chargily Pay (en ligne)',
    bank_transfer: 'Virement bancaire',
    ccp: 'Virement CCP',
    baridimob: 'BaridiMob',
    cash: 'Espèces',
    other: 'Autre',
  },
  ar: {
    title: 'وصل دفع',
    number: 'وصل رقم',
    shop: 'المتجر',
    plan: 'الباقة',
    amount: 'المبلغ',
    method: 'طريقة الدفع',
    reference: 'المرجع',
    paid_on: 'تاريخ الدفع',
    period: 'الفترة المشمولة',
    recorded_by: 'سجّله',
    voided: 'ملغى',
    online: 'Chargily Pay (دفع إلكتروني)',
    bank_transfer: 'تحويل بنكي',
    ccp: 'تحويل CCP',
    baridimob: 'BaridiMob',
    cash: 'نقدًا',
    other: 'أخرى',
  },
  en: {
    title: 'Payment receipt',
    number: 'Receipt no.',
    shop: 'Shop',
    plan: 'Plan',
    amount: 'Amount',
    method: 'Payment method',
    reference: 'Reference',
    paid_on: 'Paid on',
    period: 'Period covered',
    recorded_by: 'Recorded by',
    voided: 'VOIDED',
    online: 'Chargily Pay (online)',
    bank_transfer: 'Bank transfer',
    ccp: 'CCP transfer',
    baridimob: 'BaridiMob',
    cash: 'Cash',
    other: 'Other',
  },
};

const day = (iso: string, locale: TReceiptLocale) =>
  new Intl.DateTimeFormat(locale === 'ar' ? 'ar-DZ-u-nu-latn' : locale === 'fr' ? 'fr-DZ' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'Africa/Algiers',
  }).format(new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso));

/**
 * A payment's printable receipt (issue 19.4): A5, fr/ar/en, Arabic shaped and right to left through
 * the orders PDF's text drawing (documents/pdf-text.ts), amounts in DZD "DA". Resolves when written.
 */
export async function writePaymentReceiptPdf(stream: Writable, payment: TPaymentRow, locale: TReceiptLocale) {
  const l = LABELS[locale];
  const rtl = locale === 'ar';
  const doc = new PDFDocument({
    size: 'A5',
    margin: 0,
    info: { Title: `${l.title} ${payment.id}`, Creator: PRODUCT_NAME },
  });
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.pipe(stream);
  registerFonts(doc);
  const margin = 36;
  const width = doc.page.width - 2 * margin;
  const start = rtl ? 'right' : 'left';
  drawLine(doc, PRODUCT_NAME, { x: margin, y: margin, width, size: 11, color: '#666666', align: start });
  drawLine(doc, l.title!, { x: margin, y: margin + 20, width, size: 20, bold: true, align: start });
  drawLine(doc, `${l.number} ${payment.id}`, { x: margin, y: margin + 50, width, size: 11, align: start });
  if (payment.voided_at) {
    drawLine(doc, l.voided!, {
      x: margin,
      y: margin + 50,
      width,
      size: 12,
      bold: true,
      color: '#c62828',
      align: rtl ? 'left' : 'right',
    });
  }
  const method = payment.method === 'chargily' ? l.online! : (l[payment.method] ?? payment.method);
  const rows: Array<[string, string]> = [
    [l.shop!, `${payment.tenant_name} (${payment.cq_name})`],
    [l.plan!, payment.plan],
    [l.amount!, formatDZD(payment.amount)],
    [l.method!, method],
    [l.reference!, payment.reference ?? '—'],
    [l.paid_on!, day(payment.paid_on, locale)],
    [l.period!, `${day(payment.period_from, locale)} → ${day(payment.period_to, locale)}`],
    [l.recorded_by!, payment.recorded_by ?? 'Chargily Pay'],
  ];
  let y = margin + 90;
  const labelWidth = 130;
  for (const [label, value] of rows) {
    doc
      .moveTo(margin, y - 6)
      .lineTo(margin + width, y - 6)
      .strokeColor('#e0e0e0')
      .lineWidth(0.5)
      .stroke();
    const labelX = rtl ? margin + width - labelWidth : margin;
    const valueX = rtl ? margin : margin + labelWidth;
    drawLine(doc, label, { x: labelX, y, width: labelWidth - 8, size: 10, color: '#555555', align: start });
    // Amounts and dates keep their own direction (ltr numbers with "DA" after them, never before).
    drawLine(doc, value, {
      x: valueX,
      y,
      width: width - labelWidth,
      size: 11,
      bold: label === l.amount,
      align: start,
      direction: label === l.amount ? 'ltr' : 'auto',
    });
    y += 26;
  }
  doc.end();
  await ended;
}
